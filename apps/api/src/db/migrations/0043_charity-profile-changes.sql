CREATE TABLE "charity_profile_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"charity_id" uuid NOT NULL,
	"proposed_by" uuid,
	"proposed" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charity_profile_changes" ADD CONSTRAINT "charity_profile_changes_charity_id_charities_id_fk" FOREIGN KEY ("charity_id") REFERENCES "public"."charities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charity_profile_changes" ADD CONSTRAINT "charity_profile_changes_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charity_profile_changes" ADD CONSTRAINT "charity_profile_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charity_profile_changes_one_pending" ON "charity_profile_changes" USING btree ("charity_id") WHERE "charity_profile_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "charity_profile_changes_status" ON "charity_profile_changes" USING btree ("status","created_at");