CREATE TABLE "charity_connect_accounts" (
	"charity_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_ref" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"requirements_due" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requirements_told_for" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charity_connect_accounts_account_ref_unique" UNIQUE("account_ref")
);
--> statement-breakpoint
CREATE TABLE "charity_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"charity_id" uuid NOT NULL,
	"event_id" uuid,
	"pledge_id" uuid,
	"donation_id" uuid,
	"source_transaction_id" uuid NOT NULL,
	"charge_ref" text NOT NULL,
	"reverses_id" uuid,
	"dispute_id" uuid,
	"amount_cents" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"attempt_started_at" timestamp with time zone,
	"attempt_first_claimed_at" timestamp with time zone,
	"last_error" text,
	"ledger_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"made_at" timestamp with time zone,
	CONSTRAINT "charity_transfers_amount_positive" CHECK ("charity_transfers"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_connected_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"business_name" text NOT NULL,
	"email" text,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"requirements_due" jsonb NOT NULL,
	"bank_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_connected_accounts_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"bank_last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfer_reversals" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"transfer_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_transfer_reversals_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"destination" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"amount_reversed_cents" bigint DEFAULT 0 NOT NULL,
	"source_charge" text NOT NULL,
	"transfer_group" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_transfers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "charity_connect_accounts" ADD CONSTRAINT "charity_connect_accounts_charity_id_charities_id_fk" FOREIGN KEY ("charity_id") REFERENCES "public"."charities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charity_transfers" ADD CONSTRAINT "charity_transfers_charity_id_charities_id_fk" FOREIGN KEY ("charity_id") REFERENCES "public"."charities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charity_transfers" ADD CONSTRAINT "charity_transfers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charity_transfers" ADD CONSTRAINT "charity_transfers_pledge_id_pledges_id_fk" FOREIGN KEY ("pledge_id") REFERENCES "public"."pledges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charity_transfers" ADD CONSTRAINT "charity_transfers_source_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("source_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charity_transfers" ADD CONSTRAINT "charity_transfers_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payouts" ADD CONSTRAINT "sandbox_payouts_account_id_sandbox_connected_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sandbox_connected_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_transfer_reversals" ADD CONSTRAINT "sandbox_transfer_reversals_transfer_id_sandbox_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."sandbox_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_transfers" ADD CONSTRAINT "sandbox_transfers_destination_sandbox_connected_accounts_id_fk" FOREIGN KEY ("destination") REFERENCES "public"."sandbox_connected_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_transfers" ADD CONSTRAINT "sandbox_transfers_source_charge_sandbox_charges_id_fk" FOREIGN KEY ("source_charge") REFERENCES "public"."sandbox_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charity_transfers_key_unique" ON "charity_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "charity_transfers_charity" ON "charity_transfers" USING btree ("charity_id","created_at");--> statement-breakpoint
CREATE INDEX "charity_transfers_pending" ON "charity_transfers" USING btree ("created_at") WHERE "charity_transfers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "charity_transfers_source" ON "charity_transfers" USING btree ("source_transaction_id");