ALTER TABLE "sandbox_charges" ADD COLUMN "will_dispute" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE FUNCTION "refuse_truncate_of_append_only_table"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: it cannot be truncated', TG_TABLE_NAME;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_no_truncate" BEFORE TRUNCATE ON "ledger_transactions" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_truncate_of_append_only_table"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_truncate_of_append_only_table"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_truncate_of_append_only_table"();
