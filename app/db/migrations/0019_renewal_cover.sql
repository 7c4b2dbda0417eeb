-- The Renewal report (issue 25, decision 0036) reads a month's written policies of the chosen types with
-- their firm's type and their prior policy. At scale 100 a month of FPL is about 1,700 policies: read
-- from the table (policies_carrier_type_idx, then the heap) with each firm's row, the statement took
-- 25–30 ms on the bench machine. The written policies' (type, incept) index carries the columns the report
-- shows and joins by, so the month is an index-only scan; the firms' fid index carries the firm type, so
-- the firm type test is one too (15 ms, the rest is the prior policy's lookup, by its primary key).
CREATE INDEX IF NOT EXISTS "policies_renewal_idx" ON "policies" USING btree ("type", "incept") INCLUDE ("pid", "fid", "ppid", "carrier", "premium", "insured") WHERE "status" IN ('Book', 'dncLost', 'Lost', 'Past', 'Tail', 'Current', 'History');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "firms_fid_type_idx" ON "firms" USING btree ("fid") INCLUDE ("type");
