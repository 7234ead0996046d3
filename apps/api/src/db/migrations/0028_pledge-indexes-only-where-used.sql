-- A new pledge wrote nine index entries; four of them were never read for a pending pledge.
-- `pledges_user` repeated the first column of `pledges_user_request_key_unique`, which serves every
-- read by supporter. A pledge joins a charge run, gets a reminder date or names a fundraising page
-- only later or rarely, so those indexes now hold only the rows that have one; every query that
-- uses them says so (`= value`, `in (...)` or `is not null`). Five entries per new pledge instead of nine.
DROP INDEX IF EXISTS "pledges_user";--> statement-breakpoint
DROP INDEX IF EXISTS "pledges_charge_run";--> statement-breakpoint
CREATE INDEX "pledges_charge_run" ON "pledges" USING btree ("charge_run_id","status") WHERE "charge_run_id" IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "pledges_failed_window";--> statement-breakpoint
CREATE INDEX "pledges_failed_window" ON "pledges" USING btree ("status","next_reminder_at") WHERE "next_reminder_at" IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "pledges_fundraising_page";--> statement-breakpoint
CREATE INDEX "pledges_fundraising_page" ON "pledges" USING btree ("fundraising_page_id") WHERE "fundraising_page_id" IS NOT NULL;
