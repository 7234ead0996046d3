CREATE TABLE "match_top_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_id" uuid NOT NULL,
	"recovered_pledge_id" uuid NOT NULL,
	"pledge_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_top_ups_amount_positive" CHECK ("match_top_ups"."amount_cents" > 0)
);--> statement-breakpoint
ALTER TABLE "match_top_ups" ADD CONSTRAINT "match_top_ups_match_id_pledge_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."pledge_matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_top_ups" ADD CONSTRAINT "match_top_ups_recovered_pledge_id_pledges_id_fk" FOREIGN KEY ("recovered_pledge_id") REFERENCES "public"."pledges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_top_ups" ADD CONSTRAINT "match_top_ups_pledge_id_pledges_id_fk" FOREIGN KEY ("pledge_id") REFERENCES "public"."pledges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "match_top_ups_match_recovered_unique" ON "match_top_ups" USING btree ("match_id","recovered_pledge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "match_top_ups_pledge_unique" ON "match_top_ups" USING btree ("pledge_id");
