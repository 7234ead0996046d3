import { renderEmailHtml } from './layout.ts';

/** What leaves for the recipient: both parts and the headers, from a stored message (decision 191). */
export interface ComposedEmail {
  text: string;
  html: string;
  headers: Record<string, string>;
}

export interface StoredMessage {
  subject: string;
  text: string;
  html: string | null;
  kind: string;
  unsubscribeUrl: string | null;
}

/** A receipt of money given: its kind ends so (`charge-receipt`, `donation-receipt`, `monthly-gift-receipt`…). */
export const isReceipt = (kind: string) => kind.endsWith('-receipt');

/** The preferences page: which e-mails a person receives (the yearly statement among them). */
export const emailPreferencesUrl = (publicUrl: string) => `${publicUrl}/user/my-profile`;

/**
 * The footer both parts end with: a receipt links to the e-mail preferences; mail a person asked
 * for and may stop (campaign updates) links to its unsubscribe page, and carries the RFC 8058
 * one-click headers that large mailbox providers require of bulk senders.
 */
export async function composeEmail(message: StoredMessage, publicUrl: string): Promise<ComposedEmail> {
  const footer: string[] = [];
  if (isReceipt(message.kind)) footer.push(`Choose which e-mails you receive: ${emailPreferencesUrl(publicUrl)}`);
  if (message.unsubscribeUrl) footer.push(`Stop these e-mails: ${message.unsubscribeUrl}`);
  const text = footer.length ? `${message.text}\n\n${footer.join('\n\n')}` : message.text;
  const html = message.html ?? (await renderEmailHtml(message.subject, message.text, footer.join('\n\n')));
  const headers: Record<string, string> = message.unsubscribeUrl
    ? { 'List-Unsubscribe': `<${message.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : {};
  return { text, html, headers };
}
