-- The Bind Authority Production report (issue 25 item 1, decision 0033) kept exact by the ledger. A
-- policy's booked premium is the sum of its ledger's Invoice entries; its funds received, the sum of
-- those invoices that carry a paid date. policy_ledger_totals holds both per policy, and
-- bind_authority_totals the report's totals row (every policy in status Book), so the page reads one
-- page of rows and one row of totals instead of summing ~32,000 policies' ledgers per request.
-- Row triggers keep them in the same transaction as each change: on ledgers (an entry added, changed
-- or removed) and on policies (one entering or leaving Book). The ledger trigger takes a share lock on
-- the entry's policy, so a concurrent status change waits for it (or it for the change) and the totals
-- row never counts an entry on the wrong side of the change.
-- tests/integration/bind-authority.test.ts compares both with sums computed from the ledger.
CREATE TABLE IF NOT EXISTS "policy_ledger_totals" (
  "pid" integer PRIMARY KEY REFERENCES "policies"("pid") ON DELETE CASCADE,
  "booked" numeric(14, 2) NOT NULL DEFAULT 0,
  "received" numeric(14, 2) NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "bind_authority_totals" (
  "one" boolean PRIMARY KEY DEFAULT true CHECK ("one"),
  "records" integer NOT NULL DEFAULT 0,
  "booked" numeric(16, 2) NOT NULL DEFAULT 0,
  "received" numeric(16, 2) NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "policy_ledger_totals_apply"(p_pid integer, d_booked numeric, d_received numeric) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  in_report boolean;
BEGIN
  IF d_booked = 0 AND d_received = 0 THEN
    RETURN;
  END IF;
  SELECT status = 'Book' INTO in_report FROM policies WHERE pid = p_pid FOR SHARE;
  INSERT INTO policy_ledger_totals AS t (pid, booked, received) VALUES (p_pid, d_booked, d_received)
    ON CONFLICT (pid) DO UPDATE SET booked = t.booked + EXCLUDED.booked, received = t.received + EXCLUDED.received;
  IF in_report THEN
    UPDATE bind_authority_totals SET booked = booked + d_booked, received = received + d_received WHERE one;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "policy_ledger_totals_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.type = 'Invoice' THEN
    PERFORM policy_ledger_totals_apply(OLD.pid, -OLD.amt, CASE WHEN OLD.paid IS NOT NULL THEN -OLD.amt ELSE 0 END);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.type = 'Invoice' THEN
    PERFORM policy_ledger_totals_apply(NEW.pid, NEW.amt, CASE WHEN NEW.paid IS NOT NULL THEN NEW.amt ELSE 0 END);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "ledgers_policy_totals" ON "ledgers";
--> statement-breakpoint
CREATE TRIGGER "ledgers_policy_totals" AFTER INSERT OR DELETE OR UPDATE OF "pid", "type", "amt", "paid" ON "ledgers" FOR EACH ROW EXECUTE FUNCTION "policy_ledger_totals_follow"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bind_authority_totals_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.status = 'Book';
  now_in boolean := TG_OP <> 'DELETE' AND NEW.status = 'Book';
  sign integer;
  t_booked numeric := 0;
  t_received numeric := 0;
BEGIN
  IF was = now_in THEN
    RETURN NULL;
  END IF;
  sign := CASE WHEN now_in THEN 1 ELSE -1 END;
  SELECT booked, received INTO t_booked, t_received FROM policy_ledger_totals
    WHERE pid = CASE WHEN TG_OP = 'DELETE' THEN OLD.pid ELSE NEW.pid END;
  UPDATE bind_authority_totals
    SET records = records + sign,
        booked = booked + sign * COALESCE(t_booked, 0),
        received = received + sign * COALESCE(t_received, 0)
    WHERE one;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "policies_bind_authority_totals" ON "policies";
--> statement-breakpoint
CREATE TRIGGER "policies_bind_authority_totals" AFTER INSERT OR DELETE OR UPDATE OF "status" ON "policies" FOR EACH ROW EXECUTE FUNCTION "bind_authority_totals_follow"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bind_authority_totals_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A truncated ledger leaves every policy with nothing booked; truncated policies take their totals
  -- with them (the foreign key). Either way the totals row is counted again from what is left.
  IF TG_TABLE_NAME = 'ledgers' THEN
    DELETE FROM policy_ledger_totals;
  END IF;
  UPDATE bind_authority_totals b SET records = s.records, booked = s.booked, received = s.received
    FROM (SELECT count(*)::int AS records, COALESCE(sum(t.booked), 0) AS booked, COALESCE(sum(t.received), 0) AS received
          FROM policies p LEFT JOIN policy_ledger_totals t ON t.pid = p.pid WHERE p.status = 'Book') s
    WHERE b.one;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "ledgers_policy_totals_truncate" ON "ledgers";
--> statement-breakpoint
CREATE TRIGGER "ledgers_policy_totals_truncate" AFTER TRUNCATE ON "ledgers" FOR EACH STATEMENT EXECUTE FUNCTION "bind_authority_totals_truncated"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "policies_bind_authority_totals_truncate" ON "policies";
--> statement-breakpoint
CREATE TRIGGER "policies_bind_authority_totals_truncate" AFTER TRUNCATE ON "policies" FOR EACH STATEMENT EXECUTE FUNCTION "bind_authority_totals_truncated"();
--> statement-breakpoint
DELETE FROM "policy_ledger_totals";
--> statement-breakpoint
INSERT INTO "policy_ledger_totals" ("pid", "booked", "received")
  SELECT pid, sum(amt), COALESCE(sum(amt) FILTER (WHERE paid IS NOT NULL), 0) FROM "ledgers" WHERE type = 'Invoice' GROUP BY pid;
--> statement-breakpoint
DELETE FROM "bind_authority_totals";
--> statement-breakpoint
INSERT INTO "bind_authority_totals" ("one", "records", "booked", "received")
  SELECT true, count(*), COALESCE(sum(t.booked), 0), COALESCE(sum(t.received), 0)
  FROM "policies" p LEFT JOIN "policy_ledger_totals" t ON t.pid = p.pid WHERE p.status = 'Book';
--> statement-breakpoint
-- The report's rows, newest inception first: an index-only walk of the Book policies in that order.
CREATE INDEX IF NOT EXISTS "policies_book_incept_idx" ON "policies" ("incept" DESC NULLS LAST, "pid" DESC) INCLUDE ("fid") WHERE "status" = 'Book';
