-- Two-letter searches (issue 11). Unisearch and the people search take terms of two characters (spec 2
-- §5), which a trigram index cannot look up: '%zh%' read every firm (300 ms at scale 100, 2.2 s at
-- 1000) and the people search every person and firm. search_bigrams gives the distinct two-letter
-- pieces of a text, lowercased; these GIN indexes find the rows holding a piece, which the query
-- rechecks with its ILIKE (app/models/search-text.server.ts writes the same expressions).
CREATE OR REPLACE FUNCTION "search_bigrams"(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(DISTINCT substr(lower(t), i, 2)), '{}'::text[]) FROM generate_series(1, length(t) - 1) AS i $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "firms_unisearch_bigrams" ON "firms" USING gin (search_bigrams(coalesce("sort", '') || chr(31) || coalesce("name1", '') || chr(31) || coalesce("name2", '') || chr(31) || coalesce("insured", '') || chr(31) || coalesce("contact", '')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "firms_sort_bigrams" ON "firms" USING gin (search_bigrams(coalesce("sort", '')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "people_search_bigrams" ON "people" USING gin (search_bigrams(coalesce("surname", '') || chr(31) || coalesce("given", '') || chr(31) || coalesce("email", '')));
--> statement-breakpoint
ANALYZE "firms";
--> statement-breakpoint
ANALYZE "people";
