/** Keeps digits and one decimal point, as docs/product.md#5-forms asks of amount inputs. */
export function amountText(value: string): string {
  const cleaned = value.replace(/[^\d.]/g, '');
  const [whole, ...rest] = cleaned.split('.');
  return rest.length ? `${whole}.${rest.join('').slice(0, 2)}` : (whole ?? '');
}
