import { createElement as h, Fragment, type ReactNode } from 'react';
import { Body, Container, Head, Hr, Html, Link, Preview, render, Section, Text } from '@react-email/components';

/**
 * Every e-mail's HTML part, made from its text with react-email (decision 191): the text's
 * paragraphs and lines as they are, each address a link, in one layout. A template writes text
 * only, so each e-mail reads the same in both parts, and React escapes whatever a person wrote.
 */

/** Where a link ends: the text's closing punctuation after an address is not part of it. */
const ADDRESS = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)'’”]/g;

function withLinks(line: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of line.matchAll(ADDRESS)) {
    parts.push(line.slice(last, match.index));
    parts.push(h(Link, { key: match.index, href: match[0], style: styles.link }, match[0]));
    last = match.index + match[0].length;
  }
  parts.push(line.slice(last));
  return parts;
}

function paragraph(block: string, index: number) {
  const lines = block.split('\n');
  return h(
    Text,
    { key: index, style: styles.text },
    lines.map((line, at) => h(Fragment, { key: at }, at > 0 ? h('br') : null, ...withLinks(line))),
  );
}

/** The HTML of an e-mail whose text is `text`; `footer` is the text's last paragraph set apart (preferences, unsubscribe). */
export async function renderEmailHtml(subject: string, text: string, footer: string): Promise<string> {
  const blocks = text.split(/\n{2,}/).filter((block) => block.trim());
  const document = h(
    Html,
    { lang: 'en' },
    h(Head, null, h('title', null, subject)),
    h(Preview, null, blocks[0]?.replace(/\s+/g, ' ').slice(0, 140) ?? subject),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Section, { style: styles.brand }, h(Text, { style: styles.brandText }, 'Pledgeway')),
        h(Section, { style: styles.content }, blocks.map(paragraph)),
        footer
          ? h(
              Fragment,
              null,
              h(Hr, { style: styles.rule }),
              h(
                Section,
                { style: styles.content },
                footer.split(/\n{2,}/).map((block, index) => h(Text, { key: index, style: styles.footer }, withLinks(block))),
              ),
            )
          : null,
      ),
    ),
  );
  return render(document);
}

const styles = {
  body: { backgroundColor: '#f4f5f8', margin: 0, padding: '24px 0', fontFamily: '-apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif' },
  container: { backgroundColor: '#ffffff', maxWidth: '600px', width: '100%', borderRadius: '8px', border: '1px solid #e2e5ec' },
  brand: { padding: '20px 24px 0' },
  brandText: { margin: 0, fontSize: '18px', fontWeight: 700, color: '#171c33' },
  content: { padding: '0 24px' },
  text: { fontSize: '15px', lineHeight: '22px', color: '#171c33', margin: '14px 0', overflowWrap: 'anywhere' as const },
  footer: { fontSize: '13px', lineHeight: '19px', color: '#596173', margin: '12px 0', overflowWrap: 'anywhere' as const },
  link: { color: '#1d4ed8', textDecoration: 'underline' },
  rule: { borderColor: '#e2e5ec', margin: '20px 0 0' },
};
