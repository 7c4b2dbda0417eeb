-- Trigram indexes (gin_trgm_ops) serve the ILIKE '%term%' searches on firms, people, contacts, claims.
-- drizzle-kit does not emit CREATE EXTENSION, so it lives here, before the first generated migration.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
