-- Hand-written: a reversal of a Connect transfer (a disputed charge's share taken back from the
-- charity's account, decision 130) is told to the charity as `transfer.reversed`, recorded in the
-- reversal's own transaction as migration 0042 records `transfer.made`.
CREATE FUNCTION "webhook_record_transfer_reversal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'made' THEN
    RETURN NULL;
  END IF;
  PERFORM webhook_record('transfer.reversed', 'charity', NEW.charity_id, NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "webhook_reversal_inserted" AFTER INSERT ON "charity_transfers" FOR EACH ROW WHEN (NEW.status = 'made' AND NEW.kind = 'reversal') EXECUTE FUNCTION "webhook_record_transfer_reversal"();
--> statement-breakpoint
CREATE TRIGGER "webhook_reversal_made" AFTER UPDATE OF "status" ON "charity_transfers" FOR EACH ROW WHEN (NEW.status = 'made' AND NEW.kind = 'reversal') EXECUTE FUNCTION "webhook_record_transfer_reversal"();
