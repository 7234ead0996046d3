/** SPEC.md section 4: card number digits only, grouped in fours with spaces, at most 19 characters. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ').slice(0, 19);
}

/** SPEC.md section 4: expiry digits only with a slash after the first two, at most 5 characters. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** CVV keeps at most four digits. */
export function formatCvv(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}
