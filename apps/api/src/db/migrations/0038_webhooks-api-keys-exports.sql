CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"response" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_types" text[] NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_expires_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"failing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"endpoint_id" uuid,
	"envelope" jsonb,
	"dispatched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pledges" ADD COLUMN "share_email_with_host" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash" ON "api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "api_keys_user" ON "api_keys" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery" ON "webhook_attempts" USING btree ("delivery_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_once" ON "webhook_deliveries" USING btree ("event_id","endpoint_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint" ON "webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_owner" ON "webhook_endpoints" USING btree ("owner_type","owner_id");--> statement-breakpoint
CREATE INDEX "webhook_events_undispatched" ON "webhook_events" USING btree ("created_at") WHERE "webhook_events"."dispatched_at" is null;--> statement-breakpoint
-- The webhook outbox (decision 145): a change that a host's endpoint subscribes to records its event in
-- the change's own transaction, whichever code path made it (a pledge's one-statement write, a charge
-- batch, the life cycle). Nothing is recorded for a host with no enabled endpoint wanting that type.
CREATE FUNCTION "webhook_record_pledge"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_type text;
  host uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    event_type := 'pledge.created';
  ELSIF NEW.status = 'charged' THEN
    event_type := 'pledge.charged';
  ELSIF NEW.status = 'failed' THEN
    event_type := 'pledge.failed';
  ELSE
    RETURN NULL;
  END IF;
  SELECT owner_id INTO host FROM events WHERE id = NEW.event_id;
  IF EXISTS (SELECT 1 FROM webhook_endpoints WHERE owner_type = 'host' AND owner_id = host AND disabled_at IS NULL AND event_type = ANY (event_types)) THEN
    INSERT INTO webhook_events (type, owner_type, owner_id, subject_id) VALUES (event_type, 'host', host, NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "webhook_pledge_created" AFTER INSERT ON "pledges" FOR EACH ROW EXECUTE FUNCTION "webhook_record_pledge"();
--> statement-breakpoint
CREATE TRIGGER "webhook_pledge_status" AFTER UPDATE OF "status" ON "pledges" FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION "webhook_record_pledge"();
--> statement-breakpoint
CREATE FUNCTION "webhook_record_campaign"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_type text;
BEGIN
  IF NEW.status = 'completed' THEN
    event_type := 'campaign.completed';
  ELSIF NEW.status = 'close' THEN
    event_type := 'campaign.closed';
  ELSE
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM webhook_endpoints WHERE owner_type = 'host' AND owner_id = NEW.owner_id AND disabled_at IS NULL AND event_type = ANY (event_types)) THEN
    INSERT INTO webhook_events (type, owner_type, owner_id, subject_id) VALUES (event_type, 'host', NEW.owner_id, NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "webhook_campaign_status" AFTER UPDATE OF "status" ON "events" FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION "webhook_record_campaign"();
