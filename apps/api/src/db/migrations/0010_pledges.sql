ALTER TABLE "pledges" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "pledges_user_request_key_unique" ON "pledges" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE INDEX "pledges_event_created" ON "pledges" USING btree ("event_id","created_at");
