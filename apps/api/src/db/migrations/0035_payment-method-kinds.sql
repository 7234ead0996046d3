ALTER TABLE "payment_methods" ADD COLUMN "kind" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "sandbox_cards" ADD COLUMN "kind" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_cards" ADD COLUMN "cashtag" text;