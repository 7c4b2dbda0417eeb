-- The searched jobs queue's exact cache (decision 0038 §11): a data_versions row bumped at commit, as
-- those of migrations 0028 and 0030, by every write that can change which jobs a search matches or
-- their order (app/models/job.server.ts, searchedJobsKept): an insert, update or delete of a note that
-- is or was an open firm job (status neither done nor cancel, fid set: any of its columns), a firm's id,
-- sort name or status (searched, sorted by, read by the solicit kind), a user's username (the queue's
-- staff, searched), and a truncate of notes, firms or users. Other notes (done, cancelled, bulletins
-- without a firm) and other firm and user edits leave it alone.
INSERT INTO data_versions (name) VALUES ('searched_jobs') ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER notes_searched_jobs_version_insert AFTER INSERT ON notes DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW WHEN (NEW.status NOT IN ('done', 'cancel') AND NEW.fid IS NOT NULL)
EXECUTE FUNCTION report_version_at_commit('searched_jobs');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER notes_searched_jobs_version_update AFTER UPDATE ON notes DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW WHEN ((OLD.status NOT IN ('done', 'cancel') AND OLD.fid IS NOT NULL)
  OR (NEW.status NOT IN ('done', 'cancel') AND NEW.fid IS NOT NULL))
EXECUTE FUNCTION report_version_at_commit('searched_jobs');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER notes_searched_jobs_version_delete AFTER DELETE ON notes DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW WHEN (OLD.status NOT IN ('done', 'cancel') AND OLD.fid IS NOT NULL)
EXECUTE FUNCTION report_version_at_commit('searched_jobs');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER firms_searched_jobs_version_update AFTER UPDATE ON firms DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW WHEN ((OLD.fid, OLD.sort, OLD.status) IS DISTINCT FROM (NEW.fid, NEW.sort, NEW.status))
EXECUTE FUNCTION report_version_at_commit('searched_jobs');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_searched_jobs_version_insert AFTER INSERT ON users DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('searched_jobs');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_searched_jobs_version_update AFTER UPDATE ON users DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username)
EXECUTE FUNCTION report_version_at_commit('searched_jobs');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_searched_jobs_version_delete AFTER DELETE ON users DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('searched_jobs');
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['notes', 'firms', 'users'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT '
                   'EXECUTE FUNCTION report_version_truncated(''searched_jobs'')', t || '_searched_jobs_version_truncate', t);
  END LOOP;
END
$$;
