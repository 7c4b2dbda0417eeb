-- The claims search filters most by Type and Status (its first fields): with this index the bitmap for
-- "Open FPL" reads the 4,900 rows of both, not the 9,800 open ones (aggregates 14 -> 8 ms at scale 100).
CREATE INDEX "claims_type_status_idx" ON "claims" USING btree ("type","status");