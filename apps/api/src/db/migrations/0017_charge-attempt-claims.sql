-- Decision 091: a charge attempt is claimed (its start time written under the row lock) before the provider is called.
ALTER TABLE "pledges" ADD COLUMN "attempt_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pledges" ADD COLUMN "attempt_first_claimed_at" timestamp with time zone;
