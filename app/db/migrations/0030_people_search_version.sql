-- The people search's exact cache (decision 0038 §10): a data_versions row bumped at commit, as those
-- of migration 0028, by every write that can change which people a search matches or their order
-- (app/models/person.server.ts, searchPeoplePage): any people insert, update or delete (a search can
-- sort by any column), a firm's or a contact's sort name (matched and sorted by). A firm or contact
-- deleted sets its people's link to NULL, which is a people update. TRUNCATE bumps by statement.
INSERT INTO data_versions (name) VALUES ('people_search') ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
-- Every row change of people bumps 'people_search' at commit: deferred constraint triggers
-- people_search_version_insert, _update and _delete, and people_search_version_truncate by statement.
-- An update of firms and contacts bumps it only when the key or the sort name changed:
-- <table>_people_search_version_update WHEN ((OLD.<columns>) IS DISTINCT FROM (NEW.<columns>)), and
-- <table>_people_search_version_truncate by statement.
DO $$
DECLARE
  op text;
  t text[];
BEGIN
  FOREACH op IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER %s ON people DEFERRABLE INITIALLY DEFERRED FOR EACH ROW '
                   'EXECUTE FUNCTION report_version_at_commit(''people_search'')', 'people_search_version_' || op, upper(op));
  END LOOP;
  CREATE TRIGGER people_search_version_truncate AFTER TRUNCATE ON people
  FOR EACH STATEMENT EXECUTE FUNCTION report_version_truncated('people_search');
  -- [table, the columns whose change bumps the version]
  FOREACH t SLICE 1 IN ARRAY ARRAY[['firms', 'fid, sort'], ['contacts', 'cid, sort']] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER UPDATE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW '
                   'WHEN ((OLD.%s) IS DISTINCT FROM (NEW.%s)) EXECUTE FUNCTION report_version_at_commit(''people_search'')',
                   t[1] || '_people_search_version_update', t[1], replace(t[2], ', ', ', OLD.'), replace(t[2], ', ', ', NEW.'));
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT '
                   'EXECUTE FUNCTION report_version_truncated(''people_search'')', t[1] || '_people_search_version_truncate', t[1]);
  END LOOP;
END
$$;
