-- The claims bordereau's exact cache (decision 0041): a data_versions row bumped at commit, as the
-- others of migration 0028, by every change of what a claims bordereau row is made of
-- (app/models/bordereau.server.ts): the claim, its policy, its contract, its firm's name and address,
-- and the names of its adjuster and defense counsel (contacts and people). Other firm, contact and
-- people writes leave it alone.
INSERT INTO data_versions (name) VALUES ('bordereau_claims') ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
-- Every row change of claims, policies and contracts bumps 'bordereau_claims' at commit: for each row
-- [table, trigger name], deferred constraint triggers <name>_insert, <name>_update and <name>_delete.
-- An update of firms, contacts and people bumps it only when a column the bordereau shows changed:
-- <table>_bordereau_claims_version_update WHEN ((OLD.<columns>) IS DISTINCT FROM (NEW.<columns>)).
-- A TRUNCATE of any of the six bumps it by statement: <name>_truncate.
DO $$
DECLARE
  t text[];
  op text;
BEGIN
  FOREACH t SLICE 1 IN ARRAY ARRAY[
    ['claims', 'claims_bordereau_version'],
    ['policies', 'policies_bordereau_claims_version'],
    ['contracts', 'contracts_bordereau_claims_version']
  ] LOOP
    FOREACH op IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
      EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER %s ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW '
                     'EXECUTE FUNCTION report_version_at_commit(''bordereau_claims'')', t[2] || '_' || op, upper(op), t[1]);
    END LOOP;
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT '
                   'EXECUTE FUNCTION report_version_truncated(''bordereau_claims'')', t[2] || '_truncate', t[1]);
  END LOOP;
  -- [table, the columns whose change bumps the version]
  FOREACH t SLICE 1 IN ARRAY ARRAY[
    ['firms', 'insured, address1, address2, city, state, zip'],
    ['contacts', 'name1'],
    ['people', 'given, surname']
  ] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER UPDATE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW '
                   'WHEN ((OLD.%s) IS DISTINCT FROM (NEW.%s)) EXECUTE FUNCTION report_version_at_commit(''bordereau_claims'')',
                   t[1] || '_bordereau_claims_version_update', t[1], replace(t[2], ', ', ', OLD.'), replace(t[2], ', ', ', NEW.'));
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT '
                   'EXECUTE FUNCTION report_version_truncated(''bordereau_claims'')', t[1] || '_bordereau_claims_version_truncate', t[1]);
  END LOOP;
END
$$;
