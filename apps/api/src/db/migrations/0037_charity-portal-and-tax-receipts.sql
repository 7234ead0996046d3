CREATE TABLE "charity_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"charity_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charity_representatives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"charity_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"invitation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_mailings" (
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "statement_mailings_user_id_year_pk" PRIMARY KEY("user_id","year")
);
--> statement-breakpoint
ALTER TABLE "charities" ADD COLUMN "legal_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "charities" ADD COLUMN "registration_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "charities" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pledges" ADD COLUMN "share_email_with_charity" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "statement_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "charity_donations" ADD COLUMN "share_email_with_charity" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "charity_invitations" ADD CONSTRAINT "charity_invitations_charity_id_charities_id_fk" FOREIGN KEY ("charity_id") REFERENCES "public"."charities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charity_invitations" ADD CONSTRAINT "charity_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charity_invitations" ADD CONSTRAINT "charity_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charity_representatives" ADD CONSTRAINT "charity_representatives_charity_id_charities_id_fk" FOREIGN KEY ("charity_id") REFERENCES "public"."charities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charity_representatives" ADD CONSTRAINT "charity_representatives_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_mailings" ADD CONSTRAINT "statement_mailings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charity_invitations_token" ON "charity_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "charity_invitations_charity" ON "charity_invitations" USING btree ("charity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "charity_representatives_unique" ON "charity_representatives" USING btree ("charity_id","user_id");--> statement-breakpoint
CREATE INDEX "charity_representatives_user" ON "charity_representatives" USING btree ("user_id");