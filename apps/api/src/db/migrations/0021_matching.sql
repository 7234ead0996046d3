CREATE TABLE "pledge_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"sponsor_id" uuid,
	"payment_method_id" uuid,
	"sponsor_name" text NOT NULL,
	"ratio" integer NOT NULL,
	"cap_cents" bigint NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"participant_id" uuid,
	"status" text DEFAULT 'offered' NOT NULL,
	"pledge_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "pledge_matches_ratio" CHECK ("pledge_matches"."ratio" in (1, 2)),
	CONSTRAINT "pledge_matches_cap_positive" CHECK ("pledge_matches"."cap_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "pledges" ADD COLUMN "kind" text DEFAULT 'pledge' NOT NULL;--> statement-breakpoint
ALTER TABLE "pledge_matches" ADD CONSTRAINT "pledge_matches_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_matches" ADD CONSTRAINT "pledge_matches_sponsor_id_users_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_matches" ADD CONSTRAINT "pledge_matches_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_matches" ADD CONSTRAINT "pledge_matches_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_matches" ADD CONSTRAINT "pledge_matches_pledge_id_pledges_id_fk" FOREIGN KEY ("pledge_id") REFERENCES "public"."pledges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pledge_matches_event_sponsor_unique" ON "pledge_matches" USING btree ("event_id","sponsor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pledge_matches_pledge_unique" ON "pledge_matches" USING btree ("pledge_id");--> statement-breakpoint
CREATE INDEX "pledge_matches_event_status" ON "pledge_matches" USING btree ("event_id","status");