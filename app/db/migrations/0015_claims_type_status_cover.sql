-- The claims search's totals (sum, max, min and count of each money column over every match) read the
-- matches from the table: "Open FPL with a defense reserve of 10,000 or more" visited 1,386 of the
-- table's blocks for its 4,232 claims (6–10 ms at scale 100). The Type and Status index of 0012 now
-- carries the eleven money columns, so the totals of a Type and Status search, with or without a money
-- range, are an index-only scan (2.7 ms); 2.3 MB for 25,000 claims.
DROP INDEX IF EXISTS "claims_type_status_idx";--> statement-breakpoint
CREATE INDEX "claims_type_status_idx" ON "claims" USING btree ("type", "status") INCLUDE ("res_mon", "monitor", "cur_mon", "res_def", "defense", "cur_def", "reserve", "damages", "cur_dam", "deductible", "paid_ded");
