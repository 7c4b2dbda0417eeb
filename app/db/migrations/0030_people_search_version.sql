-- The people search's exact cache (decision 0038 §10): a data_versions row bumped at commit, as those
-- of migration 0028, by every write that can change which people a search matches or their order
-- (app/models/person.server.ts, searchPeoplePage): any people insert, update or delete (a search can
-- sort by any column), a firm's or a contact's sort name (matched and sorted by). A firm or contact
-- deleted sets its people's link to NULL, which is a people update. TRUNCATE bumps by statement.
INSERT INTO data_versions (name) VALUES ('people_search') ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER people_search_version_insert AFTER INSERT ON people
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('people_search');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER people_search_version_update AFTER UPDATE ON people
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('people_search');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER people_search_version_delete AFTER DELETE ON people
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('people_search');
--> statement-breakpoint
CREATE TRIGGER people_search_version_truncate AFTER TRUNCATE ON people
FOR EACH STATEMENT EXECUTE FUNCTION report_version_truncated('people_search');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER firms_people_search_version_update AFTER UPDATE ON firms
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((OLD.fid, OLD.sort) IS DISTINCT FROM (NEW.fid, NEW.sort))
EXECUTE FUNCTION report_version_at_commit('people_search');
--> statement-breakpoint
CREATE TRIGGER firms_people_search_version_truncate AFTER TRUNCATE ON firms
FOR EACH STATEMENT EXECUTE FUNCTION report_version_truncated('people_search');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER contacts_people_search_version_update AFTER UPDATE ON contacts
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((OLD.cid, OLD.sort) IS DISTINCT FROM (NEW.cid, NEW.sort))
EXECUTE FUNCTION report_version_at_commit('people_search');
--> statement-breakpoint
CREATE TRIGGER contacts_people_search_version_truncate AFTER TRUNCATE ON contacts
FOR EACH STATEMENT EXECUTE FUNCTION report_version_truncated('people_search');
