-- Unisearch (issue 11): one trigram index over the five fields it searches, joined by chr(31) so a term
-- never matches across two fields. app/models/firm.server.ts (FIRM_SEARCH_TEXT) queries exactly this
-- expression; a sorted scan of firms_sort_idx serves common terms, this index the rare ones.
CREATE INDEX IF NOT EXISTS "firms_unisearch_trgm" ON "firms" USING gin ((coalesce("sort", '') || chr(31) || coalesce("name1", '') || chr(31) || coalesce("name2", '') || chr(31) || coalesce("insured", '') || chr(31) || coalesce("contact", '')) gin_trgm_ops);
