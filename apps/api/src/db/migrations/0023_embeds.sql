CREATE TABLE "campaign_embed_origins" (
	"event_id" uuid NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_embed_origins_event_id_origin_pk" PRIMARY KEY("event_id","origin")
);
--> statement-breakpoint
ALTER TABLE "campaign_embed_origins" ADD CONSTRAINT "campaign_embed_origins_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;