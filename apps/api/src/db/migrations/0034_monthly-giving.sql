CREATE TABLE "monthly_gift_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gift_id" uuid NOT NULL,
	"period" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"amount_cents" bigint NOT NULL,
	"tip_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"payment_method_id" uuid,
	"attempt_started_at" timestamp with time zone,
	"attempt_first_claimed_at" timestamp with time zone,
	"next_retry_at" timestamp with time zone,
	"provider_charge_ref" text,
	"card_fee_cents" bigint,
	"failure_code" text,
	"failure_message" text,
	"charged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monthly_gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"charity_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"tip_cents" bigint DEFAULT 0 NOT NULL,
	"payment_method_id" uuid NOT NULL,
	"charge_day" smallint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"next_period" text NOT NULL,
	"next_charge_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "monthly_gift_charges" ADD CONSTRAINT "monthly_gift_charges_gift_id_monthly_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."monthly_gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_gift_charges" ADD CONSTRAINT "monthly_gift_charges_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD CONSTRAINT "monthly_gifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD CONSTRAINT "monthly_gifts_charity_id_charities_id_fk" FOREIGN KEY ("charity_id") REFERENCES "public"."charities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD CONSTRAINT "monthly_gifts_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_gift_charges_period" ON "monthly_gift_charges" USING btree ("gift_id","period");--> statement-breakpoint
CREATE INDEX "monthly_gift_charges_to_try" ON "monthly_gift_charges" USING btree ("next_retry_at") WHERE "monthly_gift_charges"."status" in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "monthly_gift_charges_provider_ref" ON "monthly_gift_charges" USING btree ("provider_charge_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_gifts_one_running" ON "monthly_gifts" USING btree ("user_id","charity_id") WHERE "monthly_gifts"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "monthly_gifts_due" ON "monthly_gifts" USING btree ("next_charge_at") WHERE "monthly_gifts"."status" in ('active', 'paused');