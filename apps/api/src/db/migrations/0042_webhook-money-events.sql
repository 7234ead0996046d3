ALTER TABLE "monthly_gifts" ADD COLUMN "share_email_with_charity" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written below: the webhook outbox's money events (decision 180), recorded in the change's
-- own transaction by triggers, as migration 0038 does for pledges and campaigns. Nothing is
-- recorded for an owner with no enabled endpoint wanting that type.
CREATE FUNCTION "webhook_record"(event_type text, owner_kind text, owner uuid, subject uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF owner IS NOT NULL AND EXISTS (SELECT 1 FROM webhook_endpoints WHERE owner_type = owner_kind AND owner_id = owner AND disabled_at IS NULL AND event_type = ANY (event_types)) THEN
    INSERT INTO webhook_events (type, owner_type, owner_id, subject_id) VALUES (event_type, owner_kind, owner, subject);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "webhook_record_donation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_record('donation.made', 'charity', NEW.charity_id, NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "webhook_donation_made" AFTER INSERT ON "charity_donations" FOR EACH ROW WHEN (NEW.status = 'charged') EXECUTE FUNCTION "webhook_record_donation"();
--> statement-breakpoint
CREATE FUNCTION "webhook_record_monthly_charge"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'charged' THEN
    RETURN NULL;
  END IF;
  PERFORM webhook_record('monthly_gift.charged', 'charity', (SELECT charity_id FROM monthly_gifts WHERE id = NEW.gift_id), NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "webhook_monthly_charge_inserted" AFTER INSERT ON "monthly_gift_charges" FOR EACH ROW WHEN (NEW.status = 'charged') EXECUTE FUNCTION "webhook_record_monthly_charge"();
--> statement-breakpoint
CREATE TRIGGER "webhook_monthly_charge_charged" AFTER UPDATE OF "status" ON "monthly_gift_charges" FOR EACH ROW WHEN (NEW.status = 'charged') EXECUTE FUNCTION "webhook_record_monthly_charge"();
--> statement-breakpoint
CREATE FUNCTION "webhook_record_payout"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_record('payout.made', 'charity', NEW.charity_id, NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "webhook_payout_made" AFTER INSERT ON "payouts" FOR EACH ROW EXECUTE FUNCTION "webhook_record_payout"();
--> statement-breakpoint
CREATE FUNCTION "webhook_record_transfer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'made' THEN
    RETURN NULL;
  END IF;
  PERFORM webhook_record('transfer.made', 'charity', NEW.charity_id, NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "webhook_transfer_inserted" AFTER INSERT ON "charity_transfers" FOR EACH ROW WHEN (NEW.status = 'made' AND NEW.kind = 'transfer') EXECUTE FUNCTION "webhook_record_transfer"();
--> statement-breakpoint
CREATE TRIGGER "webhook_transfer_made" AFTER UPDATE OF "status" ON "charity_transfers" FOR EACH ROW WHEN (NEW.status = 'made' AND NEW.kind = 'transfer') EXECUTE FUNCTION "webhook_record_transfer"();
--> statement-breakpoint
-- A dispute is told to the campaign's host (a pledge's) and to the charity (the campaign's or the donation's).
CREATE FUNCTION "webhook_record_dispute"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_type text;
  host uuid;
  charity uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    event_type := 'dispute.opened';
  ELSIF OLD.status = 'open' AND NEW.status <> 'open' THEN
    event_type := 'dispute.closed';
  ELSE
    RETURN NULL;
  END IF;
  IF NEW.event_id IS NOT NULL THEN
    SELECT owner_id, charity_id INTO host, charity FROM events WHERE id = NEW.event_id;
  ELSE
    SELECT charity_id INTO charity FROM charity_donations WHERE id = NEW.donation_id;
  END IF;
  PERFORM webhook_record(event_type, 'host', host, NEW.id);
  PERFORM webhook_record(event_type, 'charity', charity, NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "webhook_dispute_opened" AFTER INSERT ON "disputes" FOR EACH ROW EXECUTE FUNCTION "webhook_record_dispute"();
--> statement-breakpoint
CREATE TRIGGER "webhook_dispute_status" AFTER UPDATE OF "status" ON "disputes" FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION "webhook_record_dispute"();
