import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { statementFonts } from './fonts.ts';
import { renderStatementPdf } from './pdf.ts';
import { printableText } from './printable.ts';

/** Windows-1252, what a PDF's standard Helvetica draws: the plain spelling for a font that lacks a letter. */
const helvetica: ReadonlySet<number> = new Set(
  [...Array.from({ length: 95 }, (_, index) => 32 + index), ...Array.from({ length: 96 }, (_, index) => 160 + index)].concat(
    [...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'].map((character) => character.codePointAt(0)!),
  ),
);

describe('text for a font that lacks some letters', () => {
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

describe('the statement’s fonts', () => {
  it('draw Latin, Greek, Cyrillic and Chinese names as entered, and leave out only emoji', () => {
    const { regular, cjkRegular } = statementFonts();
    const drawable = new Set([...regular.characters, ...cjkRegular.characters]);
    expect(printableText('Łódź · Hà Nội · Γιώργος · Фонд · 王小明 🎉', drawable)).toBe('Łódź · Hà Nội · Γιώργος · Фонд · 王小明');
  });
});

describe('a statement with names in Latin, Greek, Cyrillic and Chinese letters', () => {
  it('reads back with every name as entered and every amount', async () => {
    const pdf = await renderStatementPdf({
      year: 2026,
      name: 'Zoë Nowak Γιώργος Παπαδόπουλος Иван Петров 王小明 🌻',
      email: 'zoe@example.org',
      generatedAt: new Date('2026-11-27T00:00:00Z'),
      charges: [
        {
          id: 'p1',
          kind: 'pledge',
          chargedAt: new Date('2026-03-02T10:00:00Z'),
          campaign: '🎉 Łódź Run Фонд Надежда',
          charity: 'Hà Nội Kids 希望基金',
          recipient: null,
          chargedCents: 12_345,
          tipCents: 345,
          status: 'charged',
        },
      ],
      returns: [],
    });
    const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
    for (const shown of [
      'Zoë Nowak Γιώργος Παπαδόπουλος Иван Петров 王小明 <zoe@example.org>',
      'Łódź Run Фонд Надежда',
      'Hà Nội Kids 希望基金',
      '$120.00',
      '$3.45',
    ]) {
      expect(text).toContain(shown);
    }
    expect(text).not.toContain('?');
  });
});
