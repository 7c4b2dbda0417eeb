-- The bordereaux (decision 0034). A policy's share retained by the provider: its premium times the
-- four commission rates (MGA, producer, sub-producer, sponsor), rounded to the cent. One definition,
-- read by the totals' trigger and the rows' query alike.
CREATE FUNCTION bordereau_retained(premium numeric, mgacom numeric, procom numeric, subcom numeric, spncom numeric)
RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT round(COALESCE(premium, 0) * (COALESCE(mgacom, 0) + COALESCE(procom, 0) + COALESCE(subcom, 0) + COALESCE(spncom, 0)), 2)
$$;
--> statement-breakpoint
-- The policies bordereau's totals per contract and period, kept exactly: each change of a policy takes
-- its old share out and puts its new share in, in the same transaction.
CREATE FUNCTION bordereau_periods_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  share numeric;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.contract IS NOT NULL THEN
    share := bordereau_retained(OLD.premium, OLD.mgacom, OLD.procom, OLD.subcom, OLD.spncom);
    UPDATE bordereau_periods
       SET policies = policies - 1,
           gross = gross - COALESCE(OLD.premium, 0),
           retained = retained - share,
           remitted = remitted - (COALESCE(OLD.premium, 0) - share)
     WHERE contract = OLD.contract AND period = COALESCE(OLD.period, '');
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.contract IS NOT NULL THEN
    share := bordereau_retained(NEW.premium, NEW.mgacom, NEW.procom, NEW.subcom, NEW.spncom);
    INSERT INTO bordereau_periods AS b (contract, period, policies, gross, retained, remitted)
    VALUES (NEW.contract, COALESCE(NEW.period, ''), 1, COALESCE(NEW.premium, 0), share, COALESCE(NEW.premium, 0) - share)
    ON CONFLICT (contract, period) DO UPDATE
       SET policies = b.policies + 1,
           gross = b.gross + EXCLUDED.gross,
           retained = b.retained + EXCLUDED.retained,
           remitted = b.remitted + EXCLUDED.remitted;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER policies_bordereau_periods
AFTER INSERT OR DELETE OR UPDATE OF contract, period, premium, mgacom, procom, subcom, spncom ON policies
FOR EACH ROW EXECUTE FUNCTION bordereau_periods_apply();
--> statement-breakpoint
-- A claim carries its policy's contract, so the claims bordereau pages a contract's claims from one
-- index (claims_contract_idx) instead of probing every policy of the contract.
CREATE FUNCTION claims_contract_from_policy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.contract := (SELECT p.contract FROM policies p WHERE p.pid = NEW.pid);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER claims_contract
BEFORE INSERT OR UPDATE OF pid, contract ON claims
FOR EACH ROW EXECUTE FUNCTION claims_contract_from_policy();
--> statement-breakpoint
CREATE FUNCTION policies_contract_to_claims() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE claims SET contract = NEW.contract WHERE pid = NEW.pid AND contract IS DISTINCT FROM NEW.contract;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER policies_contract_to_claims
AFTER UPDATE OF contract ON policies
FOR EACH ROW WHEN (OLD.contract IS DISTINCT FROM NEW.contract)
EXECUTE FUNCTION policies_contract_to_claims();
--> statement-breakpoint
-- What is there already.
UPDATE claims c SET contract = p.contract FROM policies p WHERE p.pid = c.pid AND p.contract IS NOT NULL;
--> statement-breakpoint
INSERT INTO bordereau_periods (contract, period, policies, gross, retained, remitted)
SELECT contract, COALESCE(period, ''), count(*), sum(COALESCE(premium, 0)),
       sum(bordereau_retained(premium, mgacom, procom, subcom, spncom)),
       sum(COALESCE(premium, 0) - bordereau_retained(premium, mgacom, procom, subcom, spncom))
  FROM policies WHERE contract IS NOT NULL GROUP BY contract, COALESCE(period, '');
--> statement-breakpoint
-- The contracts' settings the bordereaux report (decision 0034): Lloyd's binding contracts in the
-- office's data name the office as coverholder, a single section, risk code E5 (US professional
-- indemnity) and Lloyd's NAIC alien insurer id. Other contracts stay unset until the office sets them.
UPDATE contracts
   SET naic_code = 'AA-1122000'
 WHERE carrier = 'Lloyds' AND naic_code IS NULL;
