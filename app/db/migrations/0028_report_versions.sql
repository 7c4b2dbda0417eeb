-- Exact caches of the report pages (decision 0041): two data_versions rows, bumped at commit (as the
-- bulletins version since migration 0027, decision 0038) by deferred row triggers, so a report cached
-- under a version is never older than the data, and the bump is each writing transaction's last lock,
-- held only while it commits: writers queue there but never wait on each other in a circle. A
-- transaction bumps each row once (a local setting remembers it). TRUNCATE bumps by statement.
--
-- 'report_areas': what the state, zone and county groupings and every report's totals row read, i.e.
-- report_area_rollup (changed only by report_area_refresh) and zones.
-- 'bordereau_policies': what a policies bordereau row is made of (app/models/bordereau.server.ts): the
-- policy and its prior policy (any policy), its firm's ZIP, state and FEIN, its contract, the policy
-- type's long name, its program and the program's producer. Other firm, contact and list writes leave
-- it alone.
INSERT INTO data_versions (name) VALUES ('report_areas'), ('bordereau_policies') ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION report_version_bump_once(version_name text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('mga.' || version_name || '_bumped', true) = 'on' THEN
    RETURN;
  END IF;
  UPDATE data_versions SET version = version + 1, changed = clock_timestamp() WHERE name = version_name;
  PERFORM set_config('mga.' || version_name || '_bumped', 'on', true);
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_version_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_version_bump_once(TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A contact matters only as a program's producer (a contact a program names cannot be deleted).
CREATE FUNCTION bordereau_version_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM programs WHERE programs.proid = OLD.cid) THEN
    PERFORM report_version_bump_once('bordereau_policies');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_version_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_versions SET version = version + 1, changed = clock_timestamp() WHERE name = TG_ARGV[0];
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The tables every row change of which bumps a version: for each row [table, version, trigger name],
-- deferred constraint triggers <name>_insert, <name>_update and <name>_delete run
-- report_version_at_commit(version), and a statement trigger <name>_truncate runs
-- report_version_truncated(version).
DO $$
DECLARE
  t text[];
  op text;
BEGIN
  FOREACH t SLICE 1 IN ARRAY ARRAY[
    ['report_area_rollup', 'report_areas', 'report_area_rollup_version'],
    ['zones', 'report_areas', 'zones_version'],
    ['policies', 'bordereau_policies', 'policies_bordereau_version'],
    ['contracts', 'bordereau_policies', 'contracts_bordereau_version'],
    ['programs', 'bordereau_policies', 'programs_bordereau_version']
  ] LOOP
    FOREACH op IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
      EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER %s ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW '
                     'EXECUTE FUNCTION report_version_at_commit(%L)', t[3] || '_' || op, upper(op), t[1], t[2]);
    END LOOP;
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION report_version_truncated(%L)',
                   t[3] || '_truncate', t[1], t[2]);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Firms, policy types and contacts bump 'bordereau_policies' only when what the bordereau shows of them
-- changes (each by its own condition below), and by statement when truncated.
CREATE CONSTRAINT TRIGGER firms_bordereau_version_update AFTER UPDATE OF zip, state, fein ON firms
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((OLD.zip, OLD.state, OLD.fein) IS DISTINCT FROM (NEW.zip, NEW.state, NEW.fein))
EXECUTE FUNCTION report_version_at_commit('bordereau_policies');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_items_bordereau_version_insert AFTER INSERT ON list_items
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (NEW.type = 'ptype') EXECUTE FUNCTION report_version_at_commit('bordereau_policies');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_items_bordereau_version_update AFTER UPDATE ON list_items
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.type = 'ptype' OR NEW.type = 'ptype') EXECUTE FUNCTION report_version_at_commit('bordereau_policies');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_items_bordereau_version_delete AFTER DELETE ON list_items
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.type = 'ptype') EXECUTE FUNCTION report_version_at_commit('bordereau_policies');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER contacts_bordereau_version_update AFTER UPDATE ON contacts
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((OLD.name1, OLD.address1, OLD.address2, OLD.city, OLD.state, OLD.zip) IS DISTINCT FROM (NEW.name1, NEW.address1, NEW.address2, NEW.city, NEW.state, NEW.zip))
EXECUTE FUNCTION bordereau_version_contacts();
--> statement-breakpoint
-- firms_bordereau_version_truncate, list_items_bordereau_version_truncate, contacts_bordereau_version_truncate.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['firms', 'list_items', 'contacts'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT '
                   'EXECUTE FUNCTION report_version_truncated(''bordereau_policies'')', t || '_bordereau_version_truncate', t);
  END LOOP;
END
$$;
