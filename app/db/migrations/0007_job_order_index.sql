-- The jobs list (issue 11): the default order of a queue is staff ↑, status rank ↓, cstamp ↑, nid ↑
-- (orderBy in app/models/job.server.ts). This index holds the open jobs (the OPEN condition) in
-- exactly that order, the rank being the same CASE expression as STATUS_RANK_SQL (arms in
-- NOTE_STATUS_LIST order; tests/integration/jobs.test.ts checks that the planner matches it), so a
-- page is an index walk that stops after its rows instead of reading and sorting the whole queue:
-- 300–1,600 ms → 1–40 ms for underwriter's 2,867 open jobs at scale 100.
CREATE INDEX IF NOT EXISTS "notes_open_jobs_order_idx" ON "notes" USING btree ("staff", (CASE "status" WHEN 'archive' THEN 0 WHEN 'check' THEN 3 WHEN 'hold' THEN 2 WHEN 'low' THEN 1 WHEN 'normal' THEN 4 WHEN 'urgent' THEN 5 WHEN 'xtreme' THEN 6 WHEN 'done' THEN -1 WHEN 'cancel' THEN -2 ELSE 0 END) DESC, "cstamp", "nid") WHERE "status" NOT IN ('done', 'cancel') AND "fid" IS NOT NULL;
