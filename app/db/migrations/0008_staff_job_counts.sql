-- Job counts kept as notes change (issue 11). The job-override user picker on every jobs page and
-- GET /api/notes/jobs/count counted every open job of every user (16,000 at scale 100: 5 ms of the
-- database per page, growing with the notes). These counts follow each INSERT, UPDATE, DELETE and
-- TRUNCATE of notes in the same transaction (statement triggers with transition tables: a 5,000-row
-- insert is one update of the counts), so reading them costs a few rows.
-- A job is open under the OPEN condition of app/models/job.server.ts (status not done or cancel, a
-- firm, a user); admin_only marks the types staff do not see (ADMIN_ONLY_TYPES in app/domain/notes.ts).
-- tests/integration/job-counts.test.ts compares these counts with counting the notes.
CREATE TABLE IF NOT EXISTS "staff_job_counts" (
  "staff" text NOT NULL,
  "admin_only" boolean NOT NULL,
  "active" integer NOT NULL DEFAULT 0,
  "extreme" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("staff", "admin_only")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "staff_job_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each statement's changes are summed per user and applied in one order (staff, admin_only), so two
  -- statements changing the same users' counts wait for each other and never deadlock.
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM staff_job_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO staff_job_counts AS c (staff, admin_only, active, extreme)
      SELECT staff, admin_only, sum(active), sum(extreme) FROM (SELECT staff, type = 'admin' AS admin_only, 1 AS active, (status = 'xtreme')::int AS extreme FROM new_rows WHERE status NOT IN ('done', 'cancel') AND fid IS NOT NULL AND staff IS NOT NULL) d
      GROUP BY staff, admin_only HAVING sum(active) <> 0 OR sum(extreme) <> 0
      ORDER BY staff, admin_only
    ON CONFLICT (staff, admin_only) DO UPDATE SET active = c.active + EXCLUDED.active, extreme = c.extreme + EXCLUDED.extreme;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO staff_job_counts AS c (staff, admin_only, active, extreme)
      SELECT staff, admin_only, sum(active), sum(extreme) FROM (SELECT staff, type = 'admin' AS admin_only, -1 AS active, -(status = 'xtreme')::int AS extreme FROM old_rows WHERE status NOT IN ('done', 'cancel') AND fid IS NOT NULL AND staff IS NOT NULL) d
      GROUP BY staff, admin_only HAVING sum(active) <> 0 OR sum(extreme) <> 0
      ORDER BY staff, admin_only
    ON CONFLICT (staff, admin_only) DO UPDATE SET active = c.active + EXCLUDED.active, extreme = c.extreme + EXCLUDED.extreme;
  ELSE
    INSERT INTO staff_job_counts AS c (staff, admin_only, active, extreme)
      SELECT staff, admin_only, sum(active), sum(extreme) FROM (SELECT staff, type = 'admin' AS admin_only, -1 AS active, -(status = 'xtreme')::int AS extreme FROM old_rows WHERE status NOT IN ('done', 'cancel') AND fid IS NOT NULL AND staff IS NOT NULL UNION ALL SELECT staff, type = 'admin' AS admin_only, 1 AS active, (status = 'xtreme')::int AS extreme FROM new_rows WHERE status NOT IN ('done', 'cancel') AND fid IS NOT NULL AND staff IS NOT NULL) d
      GROUP BY staff, admin_only HAVING sum(active) <> 0 OR sum(extreme) <> 0
      ORDER BY staff, admin_only
    ON CONFLICT (staff, admin_only) DO UPDATE SET active = c.active + EXCLUDED.active, extreme = c.extreme + EXCLUDED.extreme;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "notes_job_counts_insert" ON "notes";
--> statement-breakpoint
CREATE TRIGGER "notes_job_counts_insert" AFTER INSERT ON "notes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "staff_job_counts_follow"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "notes_job_counts_update" ON "notes";
--> statement-breakpoint
CREATE TRIGGER "notes_job_counts_update" AFTER UPDATE ON "notes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "staff_job_counts_follow"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "notes_job_counts_delete" ON "notes";
--> statement-breakpoint
CREATE TRIGGER "notes_job_counts_delete" AFTER DELETE ON "notes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "staff_job_counts_follow"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "notes_job_counts_truncate" ON "notes";
--> statement-breakpoint
CREATE TRIGGER "notes_job_counts_truncate" AFTER TRUNCATE ON "notes" FOR EACH STATEMENT EXECUTE FUNCTION "staff_job_counts_follow"();
--> statement-breakpoint
DELETE FROM "staff_job_counts";
--> statement-breakpoint
INSERT INTO "staff_job_counts" ("staff", "admin_only", "active", "extreme")
  SELECT staff, type = 'admin', count(*), count(*) FILTER (WHERE status = 'xtreme') FROM "notes"
  WHERE status NOT IN ('done', 'cancel') AND fid IS NOT NULL AND staff IS NOT NULL
  GROUP BY staff, type = 'admin';
