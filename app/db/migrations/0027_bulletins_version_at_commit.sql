-- The bulletins version (0024) is bumped at commit, not at the writing statement (decision 0038).
-- Bumped by the statement, the version row stayed locked from a transaction's first bulletin write
-- to its commit: a transaction that had written a bulletin and then waited on a firm row held by
-- another that renamed that firm (and so wanted the version row) deadlocked. Deferred to commit,
-- the bump is each transaction's last lock and is held only while it commits: writers of bulletins
-- queue there but never wait on each other in a circle. A transaction bumps the row once (a local
-- setting remembers it), however many bulletin rows it writes. TRUNCATE keeps 0024's statement triggers.
DROP TRIGGER notes_bulletins_version_insert ON notes;
--> statement-breakpoint
DROP TRIGGER notes_bulletins_version_update ON notes;
--> statement-breakpoint
DROP TRIGGER notes_bulletins_version_delete ON notes;
--> statement-breakpoint
DROP TRIGGER firms_bulletins_version_update ON firms;
--> statement-breakpoint
CREATE FUNCTION bulletins_version_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('mga.bulletins_bumped', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- A renamed firm matters only when an event or appointment names it (the tiles show its sort name).
  IF TG_TABLE_NAME = 'firms'
     AND NOT EXISTS (SELECT 1 FROM notes WHERE notes.fid = NEW.fid AND notes.type IN ('event', 'appt')) THEN
    RETURN NULL;
  END IF;
  UPDATE data_versions SET version = version + 1, changed = clock_timestamp() WHERE name = 'bulletins';
  PERFORM set_config('mga.bulletins_bumped', 'on', true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER notes_bulletins_version_insert AFTER INSERT ON notes
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (NEW.type IN ('news', 'event', 'appt')) EXECUTE FUNCTION bulletins_version_at_commit();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER notes_bulletins_version_update AFTER UPDATE ON notes
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.type IN ('news', 'event', 'appt') OR NEW.type IN ('news', 'event', 'appt'))
EXECUTE FUNCTION bulletins_version_at_commit();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER notes_bulletins_version_delete AFTER DELETE ON notes
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.type IN ('news', 'event', 'appt')) EXECUTE FUNCTION bulletins_version_at_commit();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER firms_bulletins_version_update AFTER UPDATE OF sort ON firms
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.sort IS DISTINCT FROM NEW.sort) EXECUTE FUNCTION bulletins_version_at_commit();
