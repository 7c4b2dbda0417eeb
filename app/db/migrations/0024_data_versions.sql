-- Exact caches (decision 0038): one row per cached set of data, its version bumped by triggers.
CREATE TABLE "data_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed" timestamp (6) with time zone DEFAULT now() NOT NULL
);

--> statement-breakpoint
-- The home page's news, events and appointments tiles (decision 0038) are cached under this row's
-- version: every statement that writes a bulletin note (news, event, appt) before or after it, or that
-- renames a firm an event or appointment names (the tiles show the firm's sort name), bumps it in its
-- own transaction. Other notes and other firm changes leave it alone, so their writers never wait on it.
INSERT INTO data_versions (name) VALUES ('bulletins');
--> statement-breakpoint
CREATE FUNCTION bulletins_version_notes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE data_versions SET version = version + 1, changed = clock_timestamp() WHERE name = 'bulletins';
  ELSIF TG_OP = 'INSERT' THEN
    IF EXISTS (SELECT 1 FROM new_rows WHERE type IN ('news', 'event', 'appt')) THEN
      UPDATE data_versions SET version = version + 1, changed = clock_timestamp() WHERE name = 'bulletins';
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM old_rows WHERE type IN ('news', 'event', 'appt')) THEN
      UPDATE data_versions SET version = version + 1, changed = clock_timestamp() WHERE name = 'bulletins';
    END IF;
  ELSIF EXISTS (SELECT 1 FROM old_rows WHERE type IN ('news', 'event', 'appt'))
     OR EXISTS (SELECT 1 FROM new_rows WHERE type IN ('news', 'event', 'appt')) THEN
    UPDATE data_versions SET version = version + 1, changed = clock_timestamp() WHERE name = 'bulletins';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notes_bulletins_version_insert AFTER INSERT ON notes
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bulletins_version_notes();
--> statement-breakpoint
CREATE TRIGGER notes_bulletins_version_update AFTER UPDATE ON notes
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bulletins_version_notes();
--> statement-breakpoint
CREATE TRIGGER notes_bulletins_version_delete AFTER DELETE ON notes
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bulletins_version_notes();
--> statement-breakpoint
CREATE TRIGGER notes_bulletins_version_truncate AFTER TRUNCATE ON notes
FOR EACH STATEMENT EXECUTE FUNCTION bulletins_version_notes();
--> statement-breakpoint
CREATE FUNCTION bulletins_version_firms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE data_versions SET version = version + 1, changed = clock_timestamp() WHERE name = 'bulletins';
  ELSIF EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.fid = o.fid
     WHERE n.sort IS DISTINCT FROM o.sort
       AND EXISTS (SELECT 1 FROM notes WHERE notes.fid = n.fid AND notes.type IN ('event', 'appt'))
  ) THEN
    UPDATE data_versions SET version = version + 1, changed = clock_timestamp() WHERE name = 'bulletins';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER firms_bulletins_version_update AFTER UPDATE ON firms
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bulletins_version_firms();
--> statement-breakpoint
CREATE TRIGGER firms_bulletins_version_truncate AFTER TRUNCATE ON firms
FOR EACH STATEMENT EXECUTE FUNCTION bulletins_version_firms();
