/** The name others see (the open ledger's rule): "Anonymous", a sponsor's chosen name, the account's name, or "Former supporter". */
export function publicName(row: { anonymous: boolean; displayName: string | null; userName: string | null }): string {
  if (row.anonymous) return 'Anonymous';
  return row.displayName ?? row.userName ?? 'Former supporter';
}
