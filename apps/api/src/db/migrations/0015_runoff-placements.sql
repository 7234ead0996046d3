ALTER TABLE "events" ADD COLUMN "runoff_chargeable_places" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "runoff_charged_places" integer;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_runoff_chargeable_places_range" CHECK ("runoff_chargeable_places" IS NULL OR "runoff_chargeable_places" BETWEEN 1 AND 8);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_runoff_charged_places_range" CHECK ("runoff_charged_places" IS NULL OR "runoff_charged_places" BETWEEN 1 AND 8);--> statement-breakpoint
CREATE TABLE "runoff_results" (
	"event_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"place" integer NOT NULL,
	"raised_cents" bigint NOT NULL,
	"supporters" integer NOT NULL,
	"charged" boolean NOT NULL,
	"tie_note" text,
	"charge_run_id" uuid NOT NULL,
	CONSTRAINT "runoff_results_event_id_participant_id_pk" PRIMARY KEY("event_id","participant_id")
);
--> statement-breakpoint
ALTER TABLE "runoff_results" ADD CONSTRAINT "runoff_results_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runoff_results" ADD CONSTRAINT "runoff_results_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runoff_results" ADD CONSTRAINT "runoff_results_charge_run_id_charge_runs_id_fk" FOREIGN KEY ("charge_run_id") REFERENCES "public"."charge_runs"("id") ON DELETE cascade ON UPDATE no action;
