CREATE TABLE "payment_provider_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"object_ref" text NOT NULL,
	"payment_intent_ref" text,
	"customer_ref" text,
	"method_ref" text,
	"amount_cents" bigint,
	"failure_code" text,
	"failure_message" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_provider_events_payment_intent" ON "payment_provider_events" USING btree ("payment_intent_ref");
