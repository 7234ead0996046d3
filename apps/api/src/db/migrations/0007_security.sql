-- One default card per user: keep the newest default where earlier races left two.
UPDATE "payment_methods" AS pm SET "is_default" = false
WHERE pm."is_default" AND pm."removed_at" IS NULL
  AND EXISTS (
    SELECT 1 FROM "payment_methods" AS newer
    WHERE newer."user_id" = pm."user_id" AND newer."is_default" AND newer."removed_at" IS NULL
      AND (newer."created_at", newer."id") > (pm."created_at", pm."id")
  );
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_one_default" ON "payment_methods" ("user_id") WHERE "is_default" AND "removed_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "hide_email" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY ("user_id", "scope", "key")
);
