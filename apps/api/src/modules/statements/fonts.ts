import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';

/**
 * The statement's fonts, from the npm registry (decision 190): Noto Sans for Latin, Greek and
 * Cyrillic names, and Noto Sans SC for the Chinese characters Noto Sans lacks. Each is read once
 * and embedded in a PDF as a subset of the glyphs that PDF draws.
 */
export interface StatementFace {
  bytes: Buffer;
  characters: ReadonlySet<number>;
}

/** A file of a font package; the packages export only a list of their files, so the path is found beside it. */
function fontFile(packageName: string, file: string): Buffer {
  return readFileSync(fileURLToPath(new URL(`../fonts/${file}`, import.meta.resolve(packageName))));
}

function face(bytes: Buffer): StatementFace {
  const font = fontkit.create(bytes) as fontkit.Font;
  return { bytes, characters: new Set(font.characterSet) };
}

let loaded: { regular: StatementFace; bold: StatementFace; cjkRegular: StatementFace; cjkBold: StatementFace } | undefined;

export function statementFonts() {
  loaded ??= {
    regular: face(fontFile('@embedpdf/fonts-latin', 'NotoSans-Regular.ttf')),
    bold: face(fontFile('@embedpdf/fonts-latin', 'NotoSans-Bold.ttf')),
    cjkRegular: face(fontFile('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf')),
    cjkBold: face(fontFile('@embedpdf/fonts-sc', 'NotoSansHans-Bold.otf')),
  };
  return loaded;
}
