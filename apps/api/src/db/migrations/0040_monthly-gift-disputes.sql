ALTER TABLE "disputes" DROP CONSTRAINT "disputes_pledge_or_donation";--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "monthly_charge_id" uuid;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_one_disputed_charge" CHECK (num_nonnulls("disputes"."pledge_id", "disputes"."donation_id", "disputes"."monthly_charge_id") = 1);--> statement-breakpoint
-- Hand-written (not generated): the foreign key to the monthly-giving module's table, which the
-- disputes module's tables do not import (as migration 0030 did for charity_donations).
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_monthly_charge_id_fk" FOREIGN KEY ("monthly_charge_id") REFERENCES "monthly_gift_charges"("id");
