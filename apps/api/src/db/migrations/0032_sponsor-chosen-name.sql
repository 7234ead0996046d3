-- A sponsor's match is shown only under the name the sponsor chose, or as "Anonymous" (decision 109):
-- the offer records the choice, and the match's pledge carries the chosen name for the public reads.
ALTER TABLE "pledge_matches" ADD COLUMN "anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pledges" ADD COLUMN "display_name" text;--> statement-breakpoint
-- Matches charged before: their pledges take the name their sponsors chose.
UPDATE "pledges" SET "display_name" = "pledge_matches"."sponsor_name" FROM "pledge_matches" WHERE "pledge_matches"."pledge_id" = "pledges"."id";
