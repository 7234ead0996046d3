ALTER TABLE "charge_runs" ADD COLUMN "trigger" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
CREATE TABLE "charge_holds" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"held_by" uuid,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charge_holds" ADD CONSTRAINT "charge_holds_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_holds" ADD CONSTRAINT "charge_holds_held_by_users_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
