CREATE INDEX "pledges_charge_run" ON "pledges" USING btree ("charge_run_id","status");--> statement-breakpoint
CREATE INDEX "pledges_failed_window" ON "pledges" USING btree ("status","next_reminder_at");--> statement-breakpoint
CREATE INDEX "ledger_transactions_pledge" ON "ledger_transactions" USING btree ("pledge_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_charity" ON "ledger_entries" USING btree ("account","charity_id");
