-- The Renewal report (spec 3 §2.11, decisions 0036 and 0040) joined each of a month's written policies to
-- its firm's type and looked up its prior policy (the one it names, else the firm's latest written one of
-- the type that began before it and ended at most a year before it began): 13–20 ms at scale 100 for a
-- month of 1,700 FPL policies, over the 20 ms budget under load. renewal_priors keeps, per written
-- policy, what the report reads: its type, inception, firm and firm type, carrier, premium and insured,
-- and its prior policy's pid, carrier and premium; its (type, incept) index carries them all, so a month
-- is one index-only range scan. Statement triggers keep it exact in the same transaction: a statement on
-- policies recomputes the rows of the firms it touched (and of the firms whose policies name a changed
-- policy as their prior), a firm's new type is copied to its rows. tests/integration/renewal.test.ts
-- compares it with the prior policies found apart after inserts, updates and deletes.
CREATE TABLE IF NOT EXISTS "renewal_priors" (
  "pid" integer PRIMARY KEY,
  "fid" integer NOT NULL,
  "type" text,
  "incept" date,
  "firm_type" text,
  "carrier" text,
  "premium" numeric(14, 2),
  "insured" text,
  "prior_pid" integer,
  "prior_carrier" text,
  "prior_premium" numeric(14, 2)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "renewal_priors_month_idx" ON "renewal_priors" ("type", "incept") INCLUDE ("pid", "fid", "firm_type", "carrier", "premium", "insured", "prior_pid", "prior_carrier", "prior_premium");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "renewal_priors_fid_idx" ON "renewal_priors" ("fid");
--> statement-breakpoint
-- The rows of these firms' written policies, found again (the report's rule, decision 0036).
CREATE OR REPLACE FUNCTION "renewal_priors_refresh"(fids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- One refresher at a time, until it commits: two statements on one firm's policies would otherwise
  -- both delete its rows and collide on their keys when they insert them again.
  PERFORM pg_advisory_xact_lock(23026);
  DELETE FROM renewal_priors WHERE fid = ANY(fids);
  INSERT INTO renewal_priors (pid, fid, type, incept, firm_type, carrier, premium, insured, prior_pid, prior_carrier, prior_premium)
  SELECT p.pid, p.fid, p.type, p.incept, f.type, p.carrier, p.premium, p.insured,
         coalesce(named.pid, latest.pid), coalesce(named.carrier, latest.carrier), coalesce(named.premium, latest.premium)
    FROM policies p
    JOIN firms f ON f.fid = p.fid
    LEFT JOIN policies named ON named.pid = p.ppid
    LEFT JOIN LATERAL (
      SELECT q.pid, q.carrier, q.premium FROM policies q
       WHERE p.ppid IS NULL AND q.fid = p.fid AND q.type = p.type AND q.incept < p.incept
         AND (q.expiry IS NULL OR q.expiry >= p.incept - 365)
         AND q.status IN ('Book', 'dncLost', 'Lost', 'Past', 'Tail', 'Current', 'History')
       ORDER BY q.incept DESC, q.pid DESC
       LIMIT 1
    ) latest ON true
   WHERE p.fid = ANY(fids)
     AND p.status IN ('Book', 'dncLost', 'Lost', 'Past', 'Tail', 'Current', 'History');
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "renewal_priors_policies_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM renewal_priors_refresh(ARRAY(SELECT DISTINCT fid FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    -- A deleted policy named as a prior leaves its renewals' ppid null (ON DELETE SET NULL, its own statement).
    PERFORM renewal_priors_refresh(ARRAY(SELECT DISTINCT fid FROM old_rows));
  ELSE
    PERFORM renewal_priors_refresh(ARRAY(
      WITH changed AS (
        SELECT o.pid, o.fid AS old_fid, n.fid AS new_fid FROM old_rows o JOIN new_rows n ON n.pid = o.pid
         WHERE (o.fid, o.type, o.incept, o.expiry, o.status, o.carrier, o.premium, o.insured, o.ppid)
               IS DISTINCT FROM (n.fid, n.type, n.incept, n.expiry, n.status, n.carrier, n.premium, n.insured, n.ppid))
      SELECT old_fid FROM changed
      UNION SELECT new_fid FROM changed
      UNION SELECT r.fid FROM policies r WHERE r.ppid IN (SELECT pid FROM changed)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "renewal_priors_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM renewal_priors;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "policies_renewal_priors_insert" AFTER INSERT ON "policies"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION renewal_priors_policies_follow();
--> statement-breakpoint
CREATE TRIGGER "policies_renewal_priors_update" AFTER UPDATE ON "policies"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION renewal_priors_policies_follow();
--> statement-breakpoint
CREATE TRIGGER "policies_renewal_priors_delete" AFTER DELETE ON "policies"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION renewal_priors_policies_follow();
--> statement-breakpoint
CREATE TRIGGER "policies_renewal_priors_truncate" AFTER TRUNCATE ON "policies" FOR EACH STATEMENT EXECUTE FUNCTION renewal_priors_truncated();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "renewal_priors_firms_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE renewal_priors r SET firm_type = n.type
    FROM old_rows o JOIN new_rows n ON n.fid = o.fid
   WHERE r.fid = n.fid AND o.type IS DISTINCT FROM n.type;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "firms_renewal_priors_update" AFTER UPDATE ON "firms"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION renewal_priors_firms_follow();
--> statement-breakpoint
SELECT renewal_priors_refresh(ARRAY(SELECT fid FROM firms));
