import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderStatementPdf, type StatementContent } from './pdf.ts';

/** The PDF read back to text as a reader would, whitespace (and so the line breaks) made single spaces. */
async function readBack(bytes: Uint8Array) {
  const { text, totalPages } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), totalPages };
}

const longCampaign = 'The Riverside Runners’ Midwinter Marathon for Warm Coats, Boots and Blankets in 2026';
const longCharity = 'The Northern Counties Association for the Relief of Winter Hardship';
const content = (rows: number): StatementContent => ({
  year: 2026,
  name: 'Sam Statement',
  email: 'sam@example.org',
  generatedAt: new Date('2026-11-28T09:00:00Z'),
  charges: Array.from({ length: rows }, (_, index) => ({
    id: `p${index}`,
    kind: 'pledge' as const,
    chargedAt: new Date('2026-11-20T10:00:00Z'),
    campaign: `${longCampaign} #${index}`,
    charity: longCharity,
    recipient: { name: longCharity, legalName: `${longCharity} Inc.`, registrationNumber: '12-3456789', address: '1 Harbour Road, Leeds LS1 1AA' },
    chargedCents: 12_000,
    tipCents: 2_000,
    status: 'charged',
  })),
  returns: [
    { at: new Date('2026-11-21T10:00:00Z'), kind: 'dispute_opened', campaign: longCampaign, cents: 5_000 },
    { at: new Date('2026-11-22T10:00:00Z'), kind: 'dispute_won', campaign: longCampaign, cents: -5_000 },
  ],
});

describe('the statement PDF', () => {
  it('wraps a long campaign, charity or label onto more lines instead of cutting it', async () => {
    const { text } = await readBack(await renderStatementPdf(content(1)));
    expect(text).not.toContain('…');
    for (const whole of [`${longCampaign} #0`, longCharity, 'Dispute decided: charged again', 'Disputed by your bank', '$100.00', '$20.00']) {
      expect(text).toContain(whole);
    }
  });

  it('starts a new page when the wrapped rows fill one, and loses no row', async () => {
    const { text, totalPages } = await readBack(await renderStatementPdf(content(40)));
    expect(totalPages).toBeGreaterThan(1);
    for (let index = 0; index < 40; index += 1) expect(text).toContain(`${longCampaign} #${index}`);
    expect(text).toContain('Charged for your pledges: $4,000.00');
  });

  it('names each charity with its legal name, registration number and address, and says nothing was given in return', async () => {
    const { text } = await readBack(await renderStatementPdf(content(3)));
    expect(text).toContain(`Recipient: ${longCharity} Inc.`);
    expect(text).toContain('Registration number (EIN or national charity number): 12-3456789');
    expect(text).toContain('Address: 1 Harbour Road, Leeds LS1 1AA');
    expect(text).toContain('No goods or services were provided in return for these gifts.');
    expect(text).toContain('Tips to Pledgeway, not given to the charity: $60.00');
    // One block per charity, however many charges name it.
    expect(text.split('12-3456789').length - 1).toBe(1);
  });
});
