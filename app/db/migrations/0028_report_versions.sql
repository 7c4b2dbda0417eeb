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
CREATE CONSTRAINT TRIGGER report_area_rollup_version_insert AFTER INSERT ON report_area_rollup
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('report_areas');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_area_rollup_version_update AFTER UPDATE ON report_area_rollup
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('report_areas');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_area_rollup_version_delete AFTER DELETE ON report_area_rollup
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('report_areas');
--> statement-breakpoint
CREATE TRIGGER report_area_rollup_version_truncate AFTER TRUNCATE ON report_area_rollup
FOR EACH STATEMENT EXECUTE FUNCTION report_version_truncated('report_areas');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER zones_version_insert AFTER INSERT ON zones
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('report_areas');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER zones_version_update AFTER UPDATE ON zones
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('report_areas');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER zones_version_delete AFTER DELETE ON zones
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('report_areas');
--> statement-breakpoint
CREATE TRIGGER zones_version_truncate AFTER TRUNCATE ON zones
FOR EACH STATEMENT EXECUTE FUNCTION report_version_truncated('report_areas');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER policies_bordereau_version_insert AFTER INSERT ON policies
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('bordereau_policies');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER policies_bordereau_version_update AFTER UPDATE ON policies
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('bordereau_policies');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER policies_bordereau_version_delete AFTER DELETE ON policies
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('bordereau_policies');
--> statement-breakpoint
CREATE TRIGGER policies_bordereau_version_truncate AFTER TRUNCATE ON policies
FOR EACH STATEMENT EXECUTE FUNCTION report_version_truncated('bordereau_policies');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER contracts_bordereau_version_insert AFTER INSERT ON contracts
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('bordereau_policies');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER contracts_bordereau_version_update AFTER UPDATE ON contracts
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('bordereau_policies');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER contracts_bordereau_version_delete AFTER DELETE ON contracts
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('bordereau_policies');
--> statement-breakpoint
CREATE TRIGGER contracts_bordereau_version_truncate AFTER TRUNCATE ON contracts
FOR EACH STATEMENT EXECUTE FUNCTION report_version_truncated('bordereau_policies');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER programs_bordereau_version_insert AFTER INSERT ON programs
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('bordereau_policies');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER programs_bordereau_version_update AFTER UPDATE ON programs
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('bordereau_policies');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER programs_bordereau_version_delete AFTER DELETE ON programs
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('bordereau_policies');
--> statement-breakpoint
CREATE TRIGGER programs_bordereau_version_truncate AFTER TRUNCATE ON programs
FOR EACH STATEMENT EXECUTE FUNCTION report_version_truncated('bordereau_policies');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER firms_bordereau_version_update AFTER UPDATE OF zip, state, fein ON firms
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((OLD.zip, OLD.state, OLD.fein) IS DISTINCT FROM (NEW.zip, NEW.state, NEW.fein))
EXECUTE FUNCTION report_version_at_commit('bordereau_policies');
--> statement-breakpoint
CREATE TRIGGER firms_bordereau_version_truncate AFTER TRUNCATE ON firms
FOR EACH STATEMENT EXECUTE FUNCTION report_version_truncated('bordereau_policies');
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
CREATE TRIGGER list_items_bordereau_version_truncate AFTER TRUNCATE ON list_items
FOR EACH STATEMENT EXECUTE FUNCTION report_version_truncated('bordereau_policies');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER contacts_bordereau_version_update AFTER UPDATE ON contacts
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((OLD.name1, OLD.address1, OLD.address2, OLD.city, OLD.state, OLD.zip) IS DISTINCT FROM (NEW.name1, NEW.address1, NEW.address2, NEW.city, NEW.state, NEW.zip))
EXECUTE FUNCTION bordereau_version_contacts();
--> statement-breakpoint
CREATE TRIGGER contacts_bordereau_version_truncate AFTER TRUNCATE ON contacts
FOR EACH STATEMENT EXECUTE FUNCTION report_version_truncated('bordereau_policies');
