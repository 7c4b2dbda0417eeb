-- Unisearch's choice between walking firms_sort_idx and sorting its matches (WALK_SORT_INDEX_FROM in
-- app/models/firm.server.ts) reads the planner's estimate of the matches, which comes from the
-- statistics of this index's expression. With the default 100-entry histogram a term is estimated in
-- steps of 1% of the firms: at scale 1000 (600,000 firms) "jones" (5,681 matches) came out as 6,060,
-- 12,121 or 24,238 depending on ANALYZE's sample, and the page walked 24,000 firms (50 ms). A
-- 1,000-entry histogram estimates within about a third (4,000–6,000 for those surnames); planning a
-- search takes about 1.5 ms more. ANALYZE here so the estimates are right before autovacuum runs.
ALTER INDEX "firms_unisearch_trgm" ALTER COLUMN 1 SET STATISTICS 1000;
--> statement-breakpoint
ANALYZE "firms";
