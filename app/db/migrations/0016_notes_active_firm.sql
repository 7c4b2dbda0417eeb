-- GET /api/firms?category=active|neglected (decision 0025): each firm's Active notes (neither done nor
-- cancelled, admin-type aside) grouped with their last change. 19,000 of the 909,000 notes at scale
-- 100; the groups of a category page are read from this index alone: active 11-12 ms, neglected 7 ms
-- (the wide open-jobs index of 0014 could serve it in 28 ms, an anti-join over every firm's notes 70 ms).
CREATE INDEX "notes_active_firm_idx" ON "notes" USING btree ("fid","cstamp") WHERE "notes"."status" NOT IN ('done', 'cancel') AND "notes"."type" NOT IN ('admin') AND "notes"."fid" IS NOT NULL;