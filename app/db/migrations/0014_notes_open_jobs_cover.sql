-- The jobs list (issue 11): a page's jobs are picked in notes_open_jobs_order_idx alone (jobsPageSql in
-- app/models/job.server.ts). Its keys stay the default order of 0007; it now also carries every column
-- a job kind (type, due), a search (re, type, status, opener, fid for the firm's name) or a chosen sort
-- (stamp, dated, opener, re) reads, so picking a searched or re-sorted page, and counting a searched
-- queue, are index-only scans that read the table only for the page's rows: "renewal" in underwriter's
-- 2,867 open jobs, 9–16 ms → 3 ms for the page and 10–16 → 3.5 ms for the count at scale 100. The open
-- jobs are a small part of the notes (19,000 of 909,000 there): the index is 2.4 MB instead of 1 MB.
DROP INDEX IF EXISTS "notes_open_jobs_order_idx";--> statement-breakpoint
CREATE INDEX "notes_open_jobs_order_idx" ON "notes" USING btree ("staff", (CASE "status" WHEN 'archive' THEN 0 WHEN 'check' THEN 3 WHEN 'hold' THEN 2 WHEN 'low' THEN 1 WHEN 'normal' THEN 4 WHEN 'urgent' THEN 5 WHEN 'xtreme' THEN 6 WHEN 'done' THEN -1 WHEN 'cancel' THEN -2 ELSE 0 END) DESC, "cstamp", "nid") INCLUDE ("status", "type", "fid", "due", "stamp", "dated", "opener", "re") WHERE "status" NOT IN ('done', 'cancel') AND "fid" IS NOT NULL;
