-- Unisearch and the people search choose their plan from a sample of the rows (sampledMatches in
-- app/models/search-text.server.ts), no longer from the planner's estimate. The 1,000-entry statistics
-- of migration 0009 made that estimate right at a million firms, but every query planning the unisearch
-- text then tested its pattern against 1,000 sample values: 1.7 ms of planning for a query that runs
-- in 0.5 ms, three times per search. Back to the default.
ALTER INDEX "firms_unisearch_trgm" ALTER COLUMN 1 SET STATISTICS -1;
--> statement-breakpoint
ANALYZE "firms";
