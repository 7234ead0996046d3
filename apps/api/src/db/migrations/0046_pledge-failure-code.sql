ALTER TABLE "pledges" ADD COLUMN "failure_code" text;--> statement-breakpoint
-- Declines recorded before this column kept only their text (decision 260). The pledges whose text
-- is one of authentication_required's (cards and wallets, both cash apps, and the card's text
-- before decision 260) get that code, so they still wait for their bank; other declines stay null.
UPDATE "pledges" SET "failure_code" = 'authentication_required'
WHERE "failure_code" IS NULL AND "failure_reason" IN (
  'Your card needs authentication: confirm the payment with your bank, or choose another payment method.',
  'Your card needs authentication. Please choose another payment method.',
  'Cash App asks for your approval of this payment, which cannot be given on this site yet, so nothing was charged. Please choose another payment method.',
  'The sandbox cash app asks for your approval of this payment, which cannot be given on this site yet, so nothing was charged. Please choose another payment method.'
);
