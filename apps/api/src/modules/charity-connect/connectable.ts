import { AppError } from '../../errors.ts';

export const CONNECT_NEEDS_REGISTRATION =
  'A charity needs its legal name and registration number (EIN or national charity number) before it can be connected to Stripe';

/**
 * Decision 137: a charity is connected to Stripe (Connect) only once receipts can name it for a
 * tax office. Connect's account creation calls this first.
 */
export function assertConnectable(charity: { legalName: string; registrationNumber: string }): void {
  if (!charity.registrationNumber.trim() || !charity.legalName.trim()) {
    throw AppError.conflict('CHARITY_NOT_REGISTERED', CONNECT_NEEDS_REGISTRATION);
  }
}
