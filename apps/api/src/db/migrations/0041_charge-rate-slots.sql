CREATE TABLE "charge_rate_slots" (
	"account" text PRIMARY KEY NOT NULL,
	"next_slot_at" timestamp with time zone NOT NULL
);
