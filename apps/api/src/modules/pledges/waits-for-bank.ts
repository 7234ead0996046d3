/**
 * A failed pledge whose last charge attempt the bank refused until the supporter authenticates it:
 * that very charge can be confirmed on the site (decision 260). My Pledges, the failed-charge
 * e-mails and the confirmation page ask this one question the same way, of the decline's code
 * (migration 0046 gave the declines recorded before it theirs from their text).
 */
export function waitsForBank(pledge: { status: string; providerChargeRef: string | null; failureCode: string | null }): boolean {
  return pledge.status === 'failed' && pledge.providerChargeRef !== null && pledge.failureCode === 'authentication_required';
}
