-- The bordereau totals (decision 0034) kept per statement instead of per row: a statement that changes
-- many policies at once (an import, a contract's move) adds one delta per contract and period, where the
-- row trigger updated the same totals row once per policy (100,000 policies moved in one UPDATE took
-- 5 minutes at scale 100, each update walking the row's versions of the same transaction).
DROP TRIGGER policies_bordereau_periods ON policies;
--> statement-breakpoint
DROP FUNCTION bordereau_periods_apply();
--> statement-breakpoint
CREATE FUNCTION bordereau_periods_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO bordereau_periods AS b (contract, period, policies, gross, retained, remitted)
    SELECT contract, period, count(*), sum(gross), sum(retained), sum(gross - retained)
      FROM (SELECT contract, COALESCE(period, '') AS period, COALESCE(premium, 0) AS gross,
                   bordereau_retained(premium, mgacom, procom, subcom, spncom) AS retained
              FROM new_rows WHERE contract IS NOT NULL) d
     GROUP BY contract, period
    ON CONFLICT (contract, period) DO UPDATE
       SET policies = b.policies + EXCLUDED.policies, gross = b.gross + EXCLUDED.gross,
           retained = b.retained + EXCLUDED.retained, remitted = b.remitted + EXCLUDED.remitted;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE bordereau_periods b
       SET policies = b.policies - d.n, gross = b.gross - d.gross, retained = b.retained - d.retained,
           remitted = b.remitted - (d.gross - d.retained)
      FROM (SELECT contract, COALESCE(period, '') AS period, count(*) AS n, sum(COALESCE(premium, 0)) AS gross,
                   sum(bordereau_retained(premium, mgacom, procom, subcom, spncom)) AS retained
              FROM old_rows WHERE contract IS NOT NULL GROUP BY 1, 2) d
     WHERE b.contract = d.contract AND b.period = d.period;
  ELSE
    -- Only the policies whose bordereau share changed: the old share out, the new one in.
    INSERT INTO bordereau_periods AS b (contract, period, policies, gross, retained, remitted)
    SELECT contract, period, sum(n), sum(gross), sum(retained), sum(gross - retained)
      FROM (SELECT o.contract, COALESCE(o.period, '') AS period, -1 AS n, -COALESCE(o.premium, 0) AS gross,
                   -bordereau_retained(o.premium, o.mgacom, o.procom, o.subcom, o.spncom) AS retained
              FROM old_rows o JOIN new_rows n ON n.pid = o.pid
             WHERE o.contract IS NOT NULL
               AND (o.contract, o.period, o.premium, o.mgacom, o.procom, o.subcom, o.spncom)
                   IS DISTINCT FROM (n.contract, n.period, n.premium, n.mgacom, n.procom, n.subcom, n.spncom)
            UNION ALL
            SELECT n.contract, COALESCE(n.period, ''), 1, COALESCE(n.premium, 0),
                   bordereau_retained(n.premium, n.mgacom, n.procom, n.subcom, n.spncom)
              FROM old_rows o JOIN new_rows n ON n.pid = o.pid
             WHERE n.contract IS NOT NULL
               AND (o.contract, o.period, o.premium, o.mgacom, o.procom, o.subcom, o.spncom)
                   IS DISTINCT FROM (n.contract, n.period, n.premium, n.mgacom, n.procom, n.subcom, n.spncom)) d
     GROUP BY contract, period
    ON CONFLICT (contract, period) DO UPDATE
       SET policies = b.policies + EXCLUDED.policies, gross = b.gross + EXCLUDED.gross,
           retained = b.retained + EXCLUDED.retained, remitted = b.remitted + EXCLUDED.remitted;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER policies_bordereau_insert AFTER INSERT ON policies
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bordereau_periods_delta();
--> statement-breakpoint
CREATE TRIGGER policies_bordereau_update AFTER UPDATE ON policies
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bordereau_periods_delta();
--> statement-breakpoint
CREATE TRIGGER policies_bordereau_delete AFTER DELETE ON policies
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bordereau_periods_delta();
