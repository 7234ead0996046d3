CREATE TABLE "pledge_raises" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pledge_id" uuid NOT NULL,
	"request_key" text,
	"from_amount_cents" bigint NOT NULL,
	"to_amount_cents" bigint NOT NULL,
	"from_tip_cents" bigint NOT NULL,
	"to_tip_cents" bigint NOT NULL,
	"from_platform_fee_cents" bigint NOT NULL,
	"to_platform_fee_cents" bigint NOT NULL,
	"from_cover_cents" bigint NOT NULL,
	"to_cover_cents" bigint NOT NULL,
	"cover_fees" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledge_raises_higher" CHECK ("pledge_raises"."to_amount_cents" > "pledge_raises"."from_amount_cents")
);
--> statement-breakpoint
CREATE TABLE "promotion_pledges" (
	"pledge_id" uuid PRIMARY KEY NOT NULL,
	"promotion_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"promoter_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stack_campaigns" (
	"stack_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "stack_campaigns_stack_id_event_id_pk" PRIMARY KEY("stack_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "stacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pledge_raises" ADD CONSTRAINT "pledge_raises_pledge_id_pledges_id_fk" FOREIGN KEY ("pledge_id") REFERENCES "public"."pledges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_pledges" ADD CONSTRAINT "promotion_pledges_pledge_id_pledges_id_fk" FOREIGN KEY ("pledge_id") REFERENCES "public"."pledges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_pledges" ADD CONSTRAINT "promotion_pledges_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_promoter_id_users_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stack_campaigns" ADD CONSTRAINT "stack_campaigns_stack_id_stacks_id_fk" FOREIGN KEY ("stack_id") REFERENCES "public"."stacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stack_campaigns" ADD CONSTRAINT "stack_campaigns_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stacks" ADD CONSTRAINT "stacks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pledge_raises_request_key_unique" ON "pledge_raises" USING btree ("pledge_id","request_key");--> statement-breakpoint
CREATE INDEX "pledge_raises_pledge" ON "pledge_raises" USING btree ("pledge_id","created_at");--> statement-breakpoint
CREATE INDEX "promotion_pledges_promotion" ON "promotion_pledges" USING btree ("promotion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_event_promoter_unique" ON "promotions" USING btree ("event_id","promoter_id");--> statement-breakpoint
CREATE INDEX "promotions_promoter" ON "promotions" USING btree ("promoter_id");--> statement-breakpoint
CREATE INDEX "stack_campaigns_event" ON "stack_campaigns" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "stacks_owner" ON "stacks" USING btree ("owner_id","created_at");