-- Exact caches of two lists most editors and searches read on every visit (decision 0038 §13): data_versions
-- rows bumped at commit, as those of migrations 0028–0031.
-- 'counsel': the Adjuster and Panel contacts with their people (app/features/claims/counsel.server.ts):
-- a contact inserted or deleted, or its id, name or types changed; a person inserted or deleted, or
-- their id, contact, given name, surname or salutation changed; a truncate of contacts or people.
-- 'picklists': every list a form picks from (app/models/list.server.ts, loadPicklists): any write of
-- list_items or states, a truncate of either.
INSERT INTO data_versions (name) VALUES ('counsel'), ('picklists') ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
-- [table, version, trigger name, the columns whose change bumps it ('' for every update)]: deferred
-- constraint triggers <name>_insert, <name>_update and <name>_delete, and <name>_truncate by statement.
DO $$
DECLARE
  t text[];
  op text;
  condition text;
BEGIN
  FOREACH t SLICE 1 IN ARRAY ARRAY[
    ['contacts', 'counsel', 'contacts_counsel_version', 'cid, name1, type'],
    ['people', 'counsel', 'people_counsel_version', 'plid, cid, given, surname, salutation'],
    ['list_items', 'picklists', 'list_items_picklists_version', ''],
    ['states', 'picklists', 'states_picklists_version', '']
  ] LOOP
    FOREACH op IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
      condition := CASE WHEN op = 'update' AND t[4] <> ''
        THEN format('WHEN ((OLD.%s) IS DISTINCT FROM (NEW.%s)) ', replace(t[4], ', ', ', OLD.'), replace(t[4], ', ', ', NEW.'))
        ELSE '' END;
      EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER %s ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW '
                     '%sEXECUTE FUNCTION report_version_at_commit(%L)', t[3] || '_' || op, upper(op), t[1], condition, t[2]);
    END LOOP;
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION report_version_truncated(%L)',
                   t[3] || '_truncate', t[1], t[2]);
  END LOOP;
END
$$;
