-- The firm grouping of the aggregate reports (decision 0040) sorted by a measure grouped every firm's
-- rollup rows before the sort (60–85 ms at scale 100). report_firm_totals holds, per firm and kind,
-- the rollup's measures over every carrier, type and contract (what a report without those filters
-- shows for the firm), with an index per sortable measure, so a page of the report is an index walk. It is
-- kept exact by statement triggers on report_firm_rollup, whose writers hold report_rollup_lock():
-- every statement recomputes the totals of the firms it touched from their rollup rows, in the same
-- transaction. tests/integration/aggregate-report.test.ts compares it with the rollup grouped apart.
CREATE TABLE IF NOT EXISTS "report_firm_totals" (
  "fid" integer NOT NULL,
  "kind" text NOT NULL CHECK ("kind" IN ('claims', 'policies')),
  "state" text NOT NULL,
  "n" integer NOT NULL,
  "n_premium" integer NOT NULL,
  "premium_sum" numeric(16, 2) NOT NULL,
  "premium_min" numeric(14, 2),
  "premium_max" numeric(14, 2),
  "reserve_sum" numeric(16, 2) NOT NULL,
  "reserve_min" numeric(14, 2),
  "reserve_max" numeric(14, 2),
  "monitor_sum" numeric(16, 2) NOT NULL,
  "monitor_min" numeric(14, 2),
  "monitor_max" numeric(14, 2),
  "defense_sum" numeric(16, 2) NOT NULL,
  "defense_min" numeric(14, 2),
  "defense_max" numeric(14, 2),
  "damages_sum" numeric(16, 2) NOT NULL,
  "damages_min" numeric(14, 2),
  "damages_max" numeric(14, 2),
  "total_sum" numeric(16, 2) NOT NULL,
  "total_min" numeric(14, 2),
  "total_max" numeric(14, 2),
  "res_mon_sum" numeric(16, 2) NOT NULL,
  "res_mon_min" numeric(14, 2),
  "res_mon_max" numeric(14, 2),
  "res_def_sum" numeric(16, 2) NOT NULL,
  "res_def_min" numeric(14, 2),
  "res_def_max" numeric(14, 2),
  PRIMARY KEY ("fid", "kind")
);
--> statement-breakpoint
-- The orders a page walks (decision 0040): by firm, by state, by the count, and by each measure of
-- each aggregation. A claims row's measures are never null (the claim's amounts are NOT NULL and a row has
-- at least one claim), so one index serves both directions (an ascending page walks it backwards and
-- sorts only ties by fid). A policies row's minimum, maximum and average are null when none of the firm's
-- policies has a premium, and a report puts nulls last either way: those sort on the value with the
-- nulls as -Infinity (descending) or Infinity (ascending), an index each.
CREATE INDEX IF NOT EXISTS "report_firm_totals_kind_fid_idx" ON "report_firm_totals" ("kind", "fid");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_state_idx" ON "report_firm_totals" ("kind", "state", "fid");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_n_idx" ON "report_firm_totals" ("kind", "n" DESC, "fid");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_premium_sum_idx" ON "report_firm_totals" ("premium_sum" DESC, "fid") WHERE "kind" = 'policies';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_premium_min_desc_idx" ON "report_firm_totals" ((COALESCE("premium_min", '-Infinity')) DESC, "fid") WHERE "kind" = 'policies';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_premium_min_asc_idx" ON "report_firm_totals" ((COALESCE("premium_min", 'Infinity')), "fid") WHERE "kind" = 'policies';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_premium_max_desc_idx" ON "report_firm_totals" ((COALESCE("premium_max", '-Infinity')) DESC, "fid") WHERE "kind" = 'policies';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_premium_max_asc_idx" ON "report_firm_totals" ((COALESCE("premium_max", 'Infinity')), "fid") WHERE "kind" = 'policies';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_premium_avg_desc_idx" ON "report_firm_totals" ((COALESCE(round(premium_sum / NULLIF(n_premium, 0), 2), '-Infinity')) DESC, "fid") WHERE "kind" = 'policies';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_premium_avg_asc_idx" ON "report_firm_totals" ((COALESCE(round(premium_sum / NULLIF(n_premium, 0), 2), 'Infinity')), "fid") WHERE "kind" = 'policies';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_reserve_sum_idx" ON "report_firm_totals" ("reserve_sum" DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_reserve_min_idx" ON "report_firm_totals" ("reserve_min" DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_reserve_max_idx" ON "report_firm_totals" ("reserve_max" DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_reserve_avg_idx" ON "report_firm_totals" ((round(reserve_sum / NULLIF(n, 0), 2)) DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_monitor_sum_idx" ON "report_firm_totals" ("monitor_sum" DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_monitor_min_idx" ON "report_firm_totals" ("monitor_min" DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_monitor_max_idx" ON "report_firm_totals" ("monitor_max" DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_monitor_avg_idx" ON "report_firm_totals" ((round(monitor_sum / NULLIF(n, 0), 2)) DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_defense_sum_idx" ON "report_firm_totals" ("defense_sum" DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_defense_min_idx" ON "report_firm_totals" ("defense_min" DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_defense_max_idx" ON "report_firm_totals" ("defense_max" DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_defense_avg_idx" ON "report_firm_totals" ((round(defense_sum / NULLIF(n, 0), 2)) DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_damages_sum_idx" ON "report_firm_totals" ("damages_sum" DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_damages_min_idx" ON "report_firm_totals" ("damages_min" DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_damages_max_idx" ON "report_firm_totals" ("damages_max" DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_damages_avg_idx" ON "report_firm_totals" ((round(damages_sum / NULLIF(n, 0), 2)) DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_total_sum_idx" ON "report_firm_totals" ("total_sum" DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_total_min_idx" ON "report_firm_totals" ("total_min" DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_total_max_idx" ON "report_firm_totals" ("total_max" DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_total_avg_idx" ON "report_firm_totals" ((round(total_sum / NULLIF(n, 0), 2)) DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_res_mon_sum_idx" ON "report_firm_totals" ("res_mon_sum" DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_res_mon_min_idx" ON "report_firm_totals" ("res_mon_min" DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_res_mon_max_idx" ON "report_firm_totals" ("res_mon_max" DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_res_mon_avg_idx" ON "report_firm_totals" ((round(res_mon_sum / NULLIF(n, 0), 2)) DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_res_def_sum_idx" ON "report_firm_totals" ("res_def_sum" DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_res_def_min_idx" ON "report_firm_totals" ("res_def_min" DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_res_def_max_idx" ON "report_firm_totals" ("res_def_max" DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_totals_res_def_avg_idx" ON "report_firm_totals" ((round(res_def_sum / NULLIF(n, 0), 2)) DESC, "fid") WHERE "kind" = 'claims';
--> statement-breakpoint
-- How many firms each kind has (the report's count), kept by the same refresh.
CREATE TABLE IF NOT EXISTS "report_firm_totals_counts" (
  "kind" text PRIMARY KEY CHECK ("kind" IN ('claims', 'policies')),
  "firms" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "report_firm_totals_counts" ("kind", "firms") VALUES ('claims', 0), ('policies', 0) ON CONFLICT ("kind") DO NOTHING;
--> statement-breakpoint
-- The totals of these firms, counted again from their rollup rows (a firm has a handful).
CREATE OR REPLACE FUNCTION "report_firm_totals_refresh"(fids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_rollup_lock();
  WITH gone AS (DELETE FROM report_firm_totals WHERE fid = ANY(fids) RETURNING kind)
  UPDATE report_firm_totals_counts c SET firms = c.firms - g.n
    FROM (SELECT kind, count(*)::int AS n FROM gone GROUP BY kind) g WHERE c.kind = g.kind;
  WITH made AS (
    INSERT INTO report_firm_totals (fid, kind, state, n, n_premium, premium_sum, premium_min, premium_max, reserve_sum, reserve_min, reserve_max, monitor_sum, monitor_min, monitor_max, defense_sum, defense_min, defense_max, damages_sum, damages_min, damages_max, total_sum, total_min, total_max, res_mon_sum, res_mon_min, res_mon_max, res_def_sum, res_def_min, res_def_max)
    SELECT r.fid, r.kind, min(r.state), sum(n), sum(n_premium), sum(premium_sum), min(premium_min), max(premium_max), sum(reserve_sum), min(reserve_min), max(reserve_max), sum(monitor_sum), min(monitor_min), max(monitor_max), sum(defense_sum), min(defense_min), max(defense_max), sum(damages_sum), min(damages_min), max(damages_max), sum(total_sum), min(total_min), max(total_max), sum(res_mon_sum), min(res_mon_min), max(res_mon_max), sum(res_def_sum), min(res_def_min), max(res_def_max)
      FROM report_firm_rollup r
     WHERE r.fid = ANY(fids)
     GROUP BY r.fid, r.kind
    RETURNING kind)
  UPDATE report_firm_totals_counts c SET firms = c.firms + m.n
    FROM (SELECT kind, count(*)::int AS n FROM made GROUP BY kind) m WHERE c.kind = m.kind;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_firm_totals_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_firm_totals_refresh(ARRAY(SELECT DISTINCT fid FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_firm_totals_refresh(ARRAY(SELECT DISTINCT fid FROM old_rows));
  ELSE
    PERFORM report_firm_totals_refresh(ARRAY(SELECT fid FROM new_rows UNION SELECT fid FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "report_firm_rollup_totals_insert" AFTER INSERT ON "report_firm_rollup"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_firm_totals_follow();
--> statement-breakpoint
CREATE TRIGGER "report_firm_rollup_totals_update" AFTER UPDATE ON "report_firm_rollup"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_firm_totals_follow();
--> statement-breakpoint
CREATE TRIGGER "report_firm_rollup_totals_delete" AFTER DELETE ON "report_firm_rollup"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_firm_totals_follow();
--> statement-breakpoint
SELECT report_firm_totals_refresh(ARRAY(SELECT DISTINCT fid FROM report_firm_rollup));
