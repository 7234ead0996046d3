CREATE INDEX "ledger_transactions_event_created" ON "ledger_transactions" USING btree ("event_id","created_at");
