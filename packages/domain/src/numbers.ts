/**
 * Numbers written for people without `Intl`. The first use of `Intl` in a browser tab loads ICU's
 * locale data (30–60 ms of main thread on a phone-class CPU, before any page code runs), and every
 * public page writes amounts and UTC dates: these give Intl's en-US text without it (decision 127;
 * the tests compare them with Intl).
 */

/** A whole number with thousands separators: 5000 → "5,000", -1234567 → "-1,234,567". */
export function groupThousands(whole: number): string {
  const digits = String(Math.abs(Math.trunc(whole)));
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    grouped = digits.slice(Math.max(0, end - 3), end) + (grouped ? `,${grouped}` : '');
  }
  return whole <= -1 ? `-${grouped}` : grouped;
}
