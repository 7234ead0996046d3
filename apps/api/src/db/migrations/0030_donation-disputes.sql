-- A dispute of a donation made from /charities is booked like a pledge's (decision 093, amended):
-- a dispute names the pledge or the donation whose charge the bank took back, never both.
ALTER TABLE "disputes" ALTER COLUMN "pledge_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ALTER COLUMN "event_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "donation_id" uuid REFERENCES "charity_donations"("id");--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_pledge_or_donation" CHECK (("pledge_id" IS NULL) <> ("donation_id" IS NULL));
