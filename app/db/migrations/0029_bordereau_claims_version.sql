-- The claims bordereau's exact cache (decision 0041): a data_versions row bumped at commit, as the
-- others of migration 0028, by every change of what a claims bordereau row is made of
-- (app/models/bordereau.server.ts): the claim, its policy, its contract, its firm's name and address,
-- and the names of its adjuster and defense counsel (contacts and people). Other firm, contact and
-- people writes leave it alone.
INSERT INTO data_versions (name) VALUES ('bordereau_claims') ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER claims_bordereau_version_insert AFTER INSERT ON claims
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('bordereau_claims');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER claims_bordereau_version_update AFTER UPDATE ON claims
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('bordereau_claims');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER claims_bordereau_version_delete AFTER DELETE ON claims
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('bordereau_claims');
--> statement-breakpoint
CREATE TRIGGER claims_bordereau_version_truncate AFTER TRUNCATE ON claims
FOR EACH STATEMENT EXECUTE FUNCTION report_version_truncated('bordereau_claims');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER policies_bordereau_claims_version_insert AFTER INSERT ON policies
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('bordereau_claims');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER policies_bordereau_claims_version_update AFTER UPDATE ON policies
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('bordereau_claims');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER policies_bordereau_claims_version_delete AFTER DELETE ON policies
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('bordereau_claims');
--> statement-breakpoint
CREATE TRIGGER policies_bordereau_claims_version_truncate AFTER TRUNCATE ON policies
FOR EACH STATEMENT EXECUTE FUNCTION report_version_truncated('bordereau_claims');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER contracts_bordereau_claims_version_insert AFTER INSERT ON contracts
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('bordereau_claims');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER contracts_bordereau_claims_version_update AFTER UPDATE ON contracts
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('bordereau_claims');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER contracts_bordereau_claims_version_delete AFTER DELETE ON contracts
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_at_commit('bordereau_claims');
--> statement-breakpoint
CREATE TRIGGER contracts_bordereau_claims_version_truncate AFTER TRUNCATE ON contracts
FOR EACH STATEMENT EXECUTE FUNCTION report_version_truncated('bordereau_claims');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER firms_bordereau_claims_version_update AFTER UPDATE ON firms
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((OLD.insured, OLD.address1, OLD.address2, OLD.city, OLD.state, OLD.zip) IS DISTINCT FROM (NEW.insured, NEW.address1, NEW.address2, NEW.city, NEW.state, NEW.zip))
EXECUTE FUNCTION report_version_at_commit('bordereau_claims');
--> statement-breakpoint
CREATE TRIGGER firms_bordereau_claims_version_truncate AFTER TRUNCATE ON firms
FOR EACH STATEMENT EXECUTE FUNCTION report_version_truncated('bordereau_claims');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER contacts_bordereau_claims_version_update AFTER UPDATE ON contacts
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((OLD.name1) IS DISTINCT FROM (NEW.name1))
EXECUTE FUNCTION report_version_at_commit('bordereau_claims');
--> statement-breakpoint
CREATE TRIGGER contacts_bordereau_claims_version_truncate AFTER TRUNCATE ON contacts
FOR EACH STATEMENT EXECUTE FUNCTION report_version_truncated('bordereau_claims');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER people_bordereau_claims_version_update AFTER UPDATE ON people
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((OLD.given, OLD.surname) IS DISTINCT FROM (NEW.given, NEW.surname))
EXECUTE FUNCTION report_version_at_commit('bordereau_claims');
--> statement-breakpoint
CREATE TRIGGER people_bordereau_claims_version_truncate AFTER TRUNCATE ON people
FOR EACH STATEMENT EXECUTE FUNCTION report_version_truncated('bordereau_claims');
