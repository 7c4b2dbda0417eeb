-- The report calls of spec 3 §7 without a screen (issue 25 item 7, decision 0037): what they read
-- kept exact by triggers on ledgers, and the indexes their pages walk.
-- policies.ledger_entries: how many ledger entries a policy has (past-policies-without-entries walks
-- the Past policies with none through one partial index instead of probing the ledger per policy).
-- ledger_deposit_days: deposits per day (deposit-balances rolls them up by month and year).
-- client_balances: each firm's open receivables and payables (client-balances).
-- One statement trigger per kind of ledger write computes the deltas from its transition tables; it
-- first takes a share lock on the policies involved (in pid order), so a concurrent change of a
-- policy's firm waits for it (or it for the change). tests/integration/ledger-reports.test.ts
-- compares each with the ledger summed apart after every kind of write.
CREATE TABLE "client_balances" (
	"fid" integer PRIMARY KEY NOT NULL,
	"receivable_entries" integer DEFAULT 0 NOT NULL,
	"receivables" numeric(14, 2) DEFAULT '0' NOT NULL,
	"payable_entries" integer DEFAULT 0 NOT NULL,
	"payables" numeric(14, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_deposit_days" (
	"dep" date PRIMARY KEY NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "ledger_entries" integer DEFAULT 0 NOT NULL;

--> statement-breakpoint
CREATE TYPE "ledger_change" AS ("pid" integer, "amt" numeric, "paid" date, "dep" date, "cid" integer, "sign" integer);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ledger_reports_apply"(changes "ledger_change"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(changes) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM policies WHERE pid IN (SELECT c.pid FROM unnest(changes) c) ORDER BY pid FOR SHARE;
  -- Entries per policy.
  UPDATE policies p SET ledger_entries = p.ledger_entries + d.n
    FROM (SELECT c.pid, sum(c.sign)::int AS n FROM unnest(changes) c GROUP BY c.pid HAVING sum(c.sign) <> 0) d
   WHERE p.pid = d.pid;
  -- Deposits per day.
  INSERT INTO ledger_deposit_days AS t (dep, entries, amount)
    SELECT c.dep, sum(c.sign)::int, sum(c.sign * c.amt) FROM unnest(changes) c
     WHERE c.dep IS NOT NULL GROUP BY c.dep HAVING sum(c.sign) <> 0 OR sum(c.sign * c.amt) <> 0
    ON CONFLICT (dep) DO UPDATE SET entries = t.entries + EXCLUDED.entries, amount = t.amount + EXCLUDED.amount;
  DELETE FROM ledger_deposit_days t
   WHERE t.entries = 0 AND t.dep IN (SELECT c.dep FROM unnest(changes) c WHERE c.dep IS NOT NULL);
  -- Open balances per firm: receivables (unpaid, positive), payables (unpaid, negative, no contact).
  INSERT INTO client_balances AS t (fid, receivable_entries, receivables, payable_entries, payables)
    SELECT d.fid, d.rn, d.ra, d.pn, d.pa FROM (
      SELECT p.fid,
             COALESCE(sum(c.sign) FILTER (WHERE c.amt > 0), 0)::int AS rn,
             COALESCE(sum(c.sign * c.amt) FILTER (WHERE c.amt > 0), 0) AS ra,
             COALESCE(sum(c.sign) FILTER (WHERE c.amt < 0 AND c.cid IS NULL), 0)::int AS pn,
             COALESCE(-sum(c.sign * c.amt) FILTER (WHERE c.amt < 0 AND c.cid IS NULL), 0) AS pa
        FROM unnest(changes) c JOIN policies p ON p.pid = c.pid
       WHERE c.paid IS NULL AND (c.amt > 0 OR (c.amt < 0 AND c.cid IS NULL))
       GROUP BY p.fid) d
     WHERE d.rn <> 0 OR d.ra <> 0 OR d.pn <> 0 OR d.pa <> 0
    ON CONFLICT (fid) DO UPDATE SET receivable_entries = t.receivable_entries + EXCLUDED.receivable_entries,
       receivables = t.receivables + EXCLUDED.receivables, payable_entries = t.payable_entries + EXCLUDED.payable_entries,
       payables = t.payables + EXCLUDED.payables;
  DELETE FROM client_balances t
   WHERE t.receivable_entries = 0 AND t.payable_entries = 0
     AND t.fid IN (SELECT p.fid FROM unnest(changes) c JOIN policies p ON p.pid = c.pid);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ledger_reports_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An update counts as its old rows out and its new rows in; the deltas of what did not change cancel.
  IF TG_OP = 'UPDATE' THEN
    PERFORM ledger_reports_apply(ARRAY(SELECT ROW(o.pid, o.amt, o.paid, o.dep, o.cid, -1)::ledger_change FROM old_rows o
      UNION ALL SELECT ROW(n.pid, n.amt, n.paid, n.dep, n.cid, 1)::ledger_change FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM ledger_reports_apply(ARRAY(SELECT ROW(o.pid, o.amt, o.paid, o.dep, o.cid, -1)::ledger_change FROM old_rows o));
  ELSE
    PERFORM ledger_reports_apply(ARRAY(SELECT ROW(n.pid, n.amt, n.paid, n.dep, n.cid, 1)::ledger_change FROM new_rows n));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledgers_reports_insert" AFTER INSERT ON "ledgers"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledger_reports_follow"();
--> statement-breakpoint
CREATE TRIGGER "ledgers_reports_update" AFTER UPDATE ON "ledgers"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledger_reports_follow"();
--> statement-breakpoint
CREATE TRIGGER "ledgers_reports_delete" AFTER DELETE ON "ledgers"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledger_reports_follow"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ledger_reports_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE policies SET ledger_entries = 0 WHERE ledger_entries <> 0;
  DELETE FROM ledger_deposit_days;
  DELETE FROM client_balances;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledgers_reports_truncate" AFTER TRUNCATE ON "ledgers" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_reports_truncated"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "client_balances_policy_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A policy moved to another firm takes its open entries' balances with it.
  INSERT INTO client_balances AS t (fid, receivable_entries, receivables, payable_entries, payables)
    SELECT f.fid, f.s * e.rn, f.s * e.ra, f.s * e.pn, f.s * e.pa
      FROM (SELECT count(*) FILTER (WHERE amt > 0)::int AS rn, COALESCE(sum(amt) FILTER (WHERE amt > 0), 0) AS ra,
                   count(*) FILTER (WHERE amt < 0 AND cid IS NULL)::int AS pn,
                   COALESCE(-sum(amt) FILTER (WHERE amt < 0 AND cid IS NULL), 0) AS pa
              FROM ledgers WHERE pid = NEW.pid AND paid IS NULL) e,
           (VALUES (OLD.fid, -1), (NEW.fid, 1)) AS f(fid, s)
     WHERE e.rn > 0 OR e.pn > 0
    ON CONFLICT (fid) DO UPDATE SET receivable_entries = t.receivable_entries + EXCLUDED.receivable_entries,
       receivables = t.receivables + EXCLUDED.receivables, payable_entries = t.payable_entries + EXCLUDED.payable_entries,
       payables = t.payables + EXCLUDED.payables;
  DELETE FROM client_balances WHERE fid = OLD.fid AND receivable_entries = 0 AND payable_entries = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "policies_client_balances" AFTER UPDATE OF "fid" ON "policies" FOR EACH ROW
WHEN (OLD.fid IS DISTINCT FROM NEW.fid) EXECUTE FUNCTION "client_balances_policy_moved"();
--> statement-breakpoint
UPDATE "policies" p SET "ledger_entries" = c.n
  FROM (SELECT pid, count(*)::int AS n FROM "ledgers" GROUP BY pid) c WHERE p.pid = c.pid;
--> statement-breakpoint
INSERT INTO "ledger_deposit_days" ("dep", "entries", "amount")
  SELECT dep, count(*), sum(amt) FROM "ledgers" WHERE dep IS NOT NULL GROUP BY dep;
--> statement-breakpoint
INSERT INTO "client_balances" ("fid", "receivable_entries", "receivables", "payable_entries", "payables")
  SELECT p.fid, count(*) FILTER (WHERE l.amt > 0), COALESCE(sum(l.amt) FILTER (WHERE l.amt > 0), 0),
         count(*) FILTER (WHERE l.amt < 0 AND l.cid IS NULL), COALESCE(-sum(l.amt) FILTER (WHERE l.amt < 0 AND l.cid IS NULL), 0)
    FROM "ledgers" l JOIN "policies" p ON p.pid = l.pid
   WHERE l.paid IS NULL AND (l.amt > 0 OR (l.amt < 0 AND l.cid IS NULL))
   GROUP BY p.fid;
--> statement-breakpoint
-- aging: the unpaid invoices by due date, with what a bucket's totals and page need.
CREATE INDEX IF NOT EXISTS "ledgers_unpaid_invoices_idx" ON "ledgers" ("due", "lid") INCLUDE ("amt", "pid") WHERE "type" = 'Invoice' AND "paid" IS NULL;
--> statement-breakpoint
-- payments: the entries paid in a span, by paid date.
CREATE INDEX IF NOT EXISTS "ledgers_paid_idx" ON "ledgers" ("paid", "lid") INCLUDE ("amt") WHERE "paid" IS NOT NULL;
--> statement-breakpoint
-- ledgers-checks: a check's entries by number.
CREATE INDEX IF NOT EXISTS "ledgers_num_idx" ON "ledgers" ("num") WHERE "num" IS NOT NULL;
--> statement-breakpoint
-- newly-firms: firms by when they were added.
CREATE INDEX IF NOT EXISTS "firms_created_idx" ON "firms" ("created_at", "fid");
--> statement-breakpoint
-- status: the lost report by inception (the book report walks policies_book_incept_idx), and both by pid.
CREATE INDEX IF NOT EXISTS "policies_lost_incept_idx" ON "policies" ("incept" DESC NULLS LAST, "pid" DESC) WHERE "status" IN ('Lost', 'dncLost');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "policies_report_status_pid_idx" ON "policies" ("status", "pid") WHERE "status" IN ('Book', 'Lost', 'dncLost');
--> statement-breakpoint
-- exceptions: booked policies without a number, or without a bound date.
CREATE INDEX IF NOT EXISTS "policies_book_nonum_idx" ON "policies" ("incept" DESC NULLS LAST, "pid" DESC) WHERE "status" = 'Book' AND ("polnum" IS NULL OR btrim("polnum") = '');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "policies_book_unbound_idx" ON "policies" ("incept" DESC NULLS LAST, "pid" DESC) WHERE "status" = 'Book' AND "bound" IS NULL;
--> statement-breakpoint
-- past-policies-without-entries.
CREATE INDEX IF NOT EXISTS "policies_past_ledgerless_idx" ON "policies" ("incept" DESC NULLS LAST, "pid" DESC) WHERE "status" = 'Past' AND "ledger_entries" = 0;
