import { asksForAuthentication } from '../../providers/payments/index.ts';

/**
 * A failed pledge whose last charge attempt the bank refused until the supporter authenticates it:
 * that very charge can be confirmed on the site (decision 260). My Pledges, the failed-charge
 * e-mails and the confirmation page ask this one question the same way.
 */
export function waitsForBank(pledge: { status: string; providerChargeRef: string | null; failureReason: string | null }): boolean {
  return pledge.status === 'failed' && pledge.providerChargeRef !== null && asksForAuthentication(pledge.failureReason);
}
