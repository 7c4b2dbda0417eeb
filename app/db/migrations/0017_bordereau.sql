CREATE TABLE "bordereau_periods" (
	"contract" integer NOT NULL,
	"period" text NOT NULL,
	"policies" integer DEFAULT 0 NOT NULL,
	"gross" numeric(14, 2) DEFAULT '0' NOT NULL,
	"retained" numeric(14, 2) DEFAULT '0' NOT NULL,
	"remitted" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "bordereau_periods_contract_period_pk" PRIMARY KEY("contract","period")
);
--> statement-breakpoint
DROP INDEX "policies_contract_idx";--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "coverholder" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "section" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "risk_code" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "naic_code" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "contract" integer;--> statement-breakpoint
ALTER TABLE "bordereau_periods" ADD CONSTRAINT "bordereau_periods_contract_contracts_id_fk" FOREIGN KEY ("contract") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_contract_contracts_id_fk" FOREIGN KEY ("contract") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policies_contract_period_idx" ON "policies" USING btree ("contract","period","pid");--> statement-breakpoint
CREATE INDEX "claims_contract_idx" ON "claims" USING btree ("contract","clid");