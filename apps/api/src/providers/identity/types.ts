/** What a provider reports when a verification session finishes (webhook-style). */
export interface IdentityProviderEvent {
  id: string;
  type: 'identity.verification_session.verified' | 'identity.verification_session.requires_input';
  sessionRef: string;
  reason: string | null;
}

/** Identity verification behind one interface (docs/architecture.md#providers): sandbox or Stripe Identity. */
export interface IdentityProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Starts a session; `url` is where the browser goes to verify. */
  createSession(input: { userId: string; email: string; returnUrl: string }): Promise<{ ref: string; url: string }>;
  /** Checks the signature of a webhook call and reads its event; throws when it is not genuine. */
  parseWebhook(rawBody: string, signatureHeader: string | undefined): IdentityProviderEvent | undefined;
}
