/**
 * Text for the statement's fonts (Noto Sans and Noto Sans SC, decision 190), which draw Latin, Greek,
 * Cyrillic and Chinese names as entered. What neither draws is spelled as plainly as it can be: an
 * accent they lack is dropped from its letter, emoji and their joiners are left out, and only a
 * character with no other spelling becomes "?". The statement keeps every line and amount.
 */

/** Latin letters with no decomposition into a base letter and an accent: their usual plain spelling. */
const PLAIN_LETTERS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
};

/** Drawn as nothing: pictographs (emoji), flags' letters, skin tones, joiners and variation selectors. */
const DROPPED = /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\p{M}|\u200d|\ufe0e|\ufe0f)+$/u;

export function printableText(text: string, drawable: ReadonlySet<number>): string {
  const canDraw = (characters: string) => [...characters].every((character) => drawable.has(character.codePointAt(0)!));
  const shown = [...text.normalize('NFC')].map((character) => {
    if (canDraw(character)) return character;
    if (DROPPED.test(character)) return '';
    const withoutAccents = character.normalize('NFKD').replace(/\p{M}/gu, '');
    if (withoutAccents && canDraw(withoutAccents)) return withoutAccents;
    return PLAIN_LETTERS[character] ?? '?';
  });
  // An emoji left out between two words leaves their two spaces: one is kept.
  return shown.join('').replace(/ {2,}/g, ' ').trim();
}
