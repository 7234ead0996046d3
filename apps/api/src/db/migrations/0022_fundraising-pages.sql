CREATE TABLE "fundraising_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"story" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"target_cents" bigint NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pledges" ADD COLUMN "fundraising_page_id" uuid;--> statement-breakpoint
ALTER TABLE "fundraising_pages" ADD CONSTRAINT "fundraising_pages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraising_pages" ADD CONSTRAINT "fundraising_pages_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fundraising_pages_slug_unique" ON "fundraising_pages" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "fundraising_pages_event_owner_unique" ON "fundraising_pages" USING btree ("event_id","owner_id");--> statement-breakpoint
CREATE INDEX "fundraising_pages_owner" ON "fundraising_pages" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "pledges_fundraising_page" ON "pledges" USING btree ("fundraising_page_id");--> statement-breakpoint
-- Not modelled in Drizzle (the pledges table is core, the pages table is the module's): a pledge keeps its campaign if its page is removed with its owner's account.
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_fundraising_page_id_fundraising_pages_id_fk" FOREIGN KEY ("fundraising_page_id") REFERENCES "public"."fundraising_pages"("id") ON DELETE set null ON UPDATE no action;
