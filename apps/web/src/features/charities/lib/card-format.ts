// Card number and expiry formatting come from the one card module in packages/domain.
export { formatCardNumber, formatExpiry } from '@pledgeway/domain/cards';

/** CVV keeps at most four digits. */
export function formatCvv(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}
