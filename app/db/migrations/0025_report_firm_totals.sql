-- The firm grouping of the aggregate reports (decision 0040) sorted by a measure grouped every firm's
-- rollup rows before the sort (60–85 ms at scale 100). report_firm_totals holds, per firm and kind,
-- the rollup's measures over every carrier, type and contract (what a report without those filters
-- shows for the firm), with an index per sortable measure, so a page of the report is an index walk. It is
-- kept exact by statement triggers on report_firm_rollup, whose writers hold report_rollup_lock():
-- every statement recomputes the totals of the firms it touched from their rollup rows, in the same
-- transaction. tests/integration/aggregate-report.test.ts compares it with the rollup grouped apart.
-- report_firm_totals: the firm, its kind and state, the counts n and n_premium, then for each measure m
-- of premium, reserve, monitor, defense, damages, total, res_mon and res_def (in that order) the columns
-- m_sum numeric(16, 2) NOT NULL, m_min numeric(14, 2) and m_max numeric(14, 2), as in report_firm_rollup.
DO $$
DECLARE
  measures text;
BEGIN
  SELECT string_agg(format('%1$s_sum numeric(16, 2) NOT NULL, %1$s_min numeric(14, 2), %1$s_max numeric(14, 2)', m), ', ' ORDER BY i)
    INTO measures
    FROM unnest(ARRAY['premium', 'reserve', 'monitor', 'defense', 'damages', 'total', 'res_mon', 'res_def']) WITH ORDINALITY AS u(m, i);
  EXECUTE format('CREATE TABLE IF NOT EXISTS report_firm_totals (
      fid integer NOT NULL,
      kind text NOT NULL CHECK (kind IN (''claims'', ''policies'')),
      state text NOT NULL,
      n integer NOT NULL,
      n_premium integer NOT NULL,
      %s,
      PRIMARY KEY (fid, kind))', measures);
END
$$;
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
-- report_firm_totals_premium_<min|max|avg>_desc_idx and _asc_idx: the value with nulls as -Infinity
-- descending, and as Infinity ascending (the average is round(premium_sum / NULLIF(n_premium, 0), 2)).
DO $$
DECLARE
  agg text;
  val text;
BEGIN
  FOREACH agg IN ARRAY ARRAY['min', 'max', 'avg'] LOOP
    val := CASE agg WHEN 'avg' THEN 'round(premium_sum / NULLIF(n_premium, 0), 2)' ELSE 'premium_' || agg END;
    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON report_firm_totals ((COALESCE(%s, ''-Infinity'')) DESC, fid) WHERE kind = ''policies''',
                   'report_firm_totals_premium_' || agg || '_desc_idx', val);
    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON report_firm_totals ((COALESCE(%s, ''Infinity'')), fid) WHERE kind = ''policies''',
                   'report_firm_totals_premium_' || agg || '_asc_idx', val);
  END LOOP;
END
$$;
--> statement-breakpoint
-- The claims measures, each descending: report_firm_totals_<measure>_sum_idx, _min_idx and _max_idx on
-- the column, and _avg_idx on round(<measure>_sum / NULLIF(n, 0), 2).
DO $$
DECLARE
  measure text;
  agg text;
BEGIN
  FOREACH measure IN ARRAY ARRAY['reserve', 'monitor', 'defense', 'damages', 'total', 'res_mon', 'res_def'] LOOP
    FOREACH agg IN ARRAY ARRAY['sum', 'min', 'max'] LOOP
      EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON report_firm_totals (%I DESC, fid) WHERE kind = ''claims''',
                     'report_firm_totals_' || measure || '_' || agg || '_idx', measure || '_' || agg);
    END LOOP;
    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON report_firm_totals ((round(%I / NULLIF(n, 0), 2)) DESC, fid) WHERE kind = ''claims''',
                   'report_firm_totals_' || measure || '_avg_idx', measure || '_sum');
  END LOOP;
END
$$;
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
