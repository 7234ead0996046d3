-- No e-mail on a public surface unless the host chose one (decision 155): the host's public contact
-- e-mail, empty (none shown) by default; participants' e-mails are never shown, so their "hide" choice goes.
ALTER TABLE "events" ADD COLUMN "host_contact_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" DROP COLUMN "hide_email";