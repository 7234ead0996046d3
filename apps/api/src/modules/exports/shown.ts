/**
 * What a host may learn about a supporter (decision 149): the name as the supporter chose to show it
 * (none for an anonymous pledge; a sponsor's chosen name for a match, never the account's then),
 * and the e-mail only when the supporter agreed to share it with the host. Every export and every
 * webhook payload reads a supporter through here.
 */
export interface SupporterFacts {
  anonymous: boolean;
  displayName: string | null;
  accountName: string | null;
  accountEmail: string | null;
  shareEmailWithHost: boolean;
}

export function supporterAsShown(facts: SupporterFacts): { name: string | null; email: string | null } {
  const name = facts.anonymous ? null : (facts.displayName ?? facts.accountName);
  // An anonymous supporter who still shares their e-mail chose to: the host gets the address, not a name.
  const email = facts.shareEmailWithHost ? facts.accountEmail : null;
  return { name, email };
}
