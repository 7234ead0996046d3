import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderStatementPdf } from './pdf.ts';
import { printableText } from './printable.ts';

let helvetica: ReadonlySet<number>;
beforeAll(async () => {
  const doc = await PDFDocument.create();
  helvetica = new Set((await doc.embedFont(StandardFonts.Helvetica)).getCharacterSet());
});

describe('text for the statement’s standard fonts', () => {
  it('keeps what the font draws, Latin-1 and Windows-1252 punctuation included', () => {
    expect(printableText('Zoë’s Café – naïve “Straße” … €5', helvetica)).toBe('Zoë’s Café – naïve “Straße” … €5');
  });

  it('drops an accent the font lacks rather than the letter', () => {
    expect(printableText('Łódź Marathon', helvetica)).toBe('Lódz Marathon');
    expect(printableText('Hà Nội Food Bank', helvetica)).toBe('Hà Noi Food Bank');
    expect(printableText('Đồng Tháp', helvetica)).toBe('Dong Tháp');
    // Decomposed input (e + combining acute) reads as the letter it is.
    expect(printableText('Cafe\u0301', helvetica)).toBe('Café');
  });

  it('leaves out emoji, flags, skin tones and joiners, and the space they leave twice', () => {
    expect(printableText('🎉 Fun Run 🏃🏽‍♀️ for 🇺🇸 vets ❤️', helvetica)).toBe('Fun Run for vets');
  });

  it('shows "?" only for a letter with no Latin spelling', () => {
    expect(printableText('Фонд 3', helvetica)).toBe('???? 3');
    expect(printableText('希望', helvetica)).toBe('??');
  });
});

describe('a statement with names the standard fonts cannot draw', () => {
  it('reads back with the names spelled plainly and every amount', async () => {
    const pdf = await renderStatementPdf({
      year: 2026,
      name: 'Zoë Nowak 🌻',
      email: 'zoe@example.org',
      generatedAt: new Date('2026-11-27T00:00:00Z'),
      charges: [
        {
          id: 'p1',
          kind: 'pledge',
          chargedAt: new Date('2026-03-02T10:00:00Z'),
          campaign: '🎉 Łódź Run',
          charity: 'Hà Nội Kids',
          recipient: null,
          chargedCents: 12_345,
          tipCents: 345,
          status: 'charged',
        },
      ],
      returns: [],
    });
    const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
    for (const shown of ['Zoë Nowak <zoe@example.org>', 'Lódz Run', 'Hà Noi Kids', '$120.00', '$3.45']) expect(text).toContain(shown);
    expect(text).not.toContain('?');
  });
});
