import PDFDocument from 'pdfkit';
import { formatCents } from '@pledgeway/domain';
import type { ReturnedKind } from '../ledger/index.ts';
import { statementFonts } from './fonts.ts';
import { printableText } from './printable.ts';
import { NO_GOODS_OR_SERVICES, recipientLines, type Recipient } from '../../lib/receipt-recipient.ts';
import type { StatementCharge, StatementReturn } from './repository.ts';

export interface StatementContent {
  year: number;
  name: string;
  email: string;
  generatedAt: Date;
  charges: StatementCharge[];
  returns: StatementReturn[];
}

const PAGE = { width: 612, height: 792, margin: 50 };
const INK: [number, number, number] = [23, 28, 51];
const MUTED: [number, number, number] = [89, 97, 115];
/** Between the wrapped lines of one cell. */
const LINE_SPACING = 2;
const day = (date: Date) => date.toISOString().slice(0, 10);

type Weight = 'regular' | 'bold';
/** A stretch of text in one font: Noto Sans, or Noto Sans SC for the characters Noto Sans lacks. */
type Run = { text: string; font: string };

/**
 * Writes lines top to bottom, starting a new page when one is full. `y` is the baseline measured
 * from the bottom of the page, as the layout was first drawn; pdfkit measures from the top.
 */
class Writer {
  y = PAGE.height - PAGE.margin;
  readonly drawable: ReadonlySet<number>;
  readonly latin: ReadonlySet<number>;
  constructor(readonly doc: PDFKit.PDFDocument) {
    const fonts = statementFonts();
    doc.registerFont('regular', fonts.regular.bytes);
    doc.registerFont('bold', fonts.bold.bytes);
    doc.registerFont('regular-cjk', fonts.cjkRegular.bytes);
    doc.registerFont('bold-cjk', fonts.cjkBold.bytes);
    this.latin = fonts.regular.characters;
    // The regular and bold faces of each family draw the same characters.
    this.drawable = new Set([...fonts.regular.characters, ...fonts.cjkRegular.characters]);
    doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
  }

  /** The text split where it moves between Noto Sans and Noto Sans SC. */
  runs(text: string, weight: Weight): Run[] {
    const runs: Run[] = [];
    for (const character of text) {
      const font = this.latin.has(character.codePointAt(0)!) ? weight : `${weight}-cjk`;
      const last = runs.at(-1);
      if (last?.font === font) last.text += character;
      else runs.push({ text: character, font });
    }
    return runs;
  }

  /**
   * The width of the text, as the sum of its words' and spaces' widths: measuring a word shapes it
   * (about a millisecond), and wrapping measures each line as it grows, so each word is measured once.
   */
  width(text: string, size: number, weight: Weight): number {
    return text.split(' ').reduce((sum, word, index) => sum + (index ? this.measured(' ', size, weight) : 0) + this.measured(word, size, weight), 0);
  }

  private readonly widths = new Map<string, number>();
  private measured(word: string, size: number, weight: Weight): number {
    const key = `${weight} ${size} ${word}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.runs(word, weight).reduce((sum, run) => sum + this.doc.font(run.font).fontSize(size).widthOfString(run.text), 0);
      this.widths.set(key, width);
    }
    return width;
  }

  /**
   * The text as the lines it takes in its column: broken between words, and a word wider than the
   * column broken where it fills it, so nothing is cut off.
   */
  wrap(text: string, width: number, size: number, weight: Weight): string[] {
    const fits = (candidate: string) => this.width(candidate, size, weight) <= width;
    const lines: string[] = [];
    let current = '';
    for (const word of printableText(text, this.drawable).split(/\s+/).filter(Boolean)) {
      const joined = current ? `${current} ${word}` : word;
      if (fits(joined)) {
        current = joined;
        continue;
      }
      if (current) lines.push(current);
      current = '';
      for (const character of word) {
        if (current && !fits(current + character)) {
          lines.push(current);
          current = '';
        }
        current += character;
      }
    }
    if (current || !lines.length) lines.push(current);
    return lines;
  }

  /** The text with its baseline at `baseline` (from the page's bottom), each run in its own font. */
  draw(text: string, x: number, baseline: number, size: number, weight: Weight, color: typeof INK) {
    let left = x;
    for (const run of this.runs(text, weight)) {
      this.doc.font(run.font).fontSize(size).fillColor(color);
      this.doc.text(run.text, left, PAGE.height - baseline, { lineBreak: false, baseline: 'alphabetic' });
      left += this.doc.widthOfString(run.text);
    }
  }

  /** One row: each cell wrapped in its column, the row as tall as its longest cell, on a new page when it would not fit. */
  line(cells: [text: string, x: number, width: number, align?: 'right'][], options: { size?: number; bold?: boolean; color?: typeof INK; gap?: number } = {}) {
    const size = options.size ?? 10;
    const weight: Weight = options.bold ? 'bold' : 'regular';
    const wrapped = cells.map(([text, x, width, align]) => ({ lines: this.wrap(text, width, size, weight), x, width, align }));
    const leading = size + LINE_SPACING;
    const height = size + leading * (Math.max(...wrapped.map((cell) => cell.lines.length)) - 1);
    if (this.y - height < PAGE.margin - LINE_SPACING) {
      this.doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
      this.y = PAGE.height - PAGE.margin;
    }
    for (const { lines, x, width, align } of wrapped) {
      lines.forEach((shown, index) => {
        const left = align === 'right' ? x + width - this.width(shown, size, weight) : x;
        this.draw(shown, left, this.y - index * leading, size, weight, options.color ?? INK);
      });
    }
    this.y -= height + (options.gap ?? 6);
  }
}

/** The finished document's bytes. */
function bytesOf(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  doc.end();
  return done;
}

const COLUMNS = { date: 50, campaign: 120, charity: 290, amount: 430, tip: 500 };

/** A year's giving statement as a PDF: each charge, tips apart as not given to the charity, then refunds and disputes. */
export async function renderStatementPdf(content: StatementContent): Promise<Uint8Array> {
  const doc = new PDFDocument({ autoFirstPage: false, info: { Title: `Pledgeway giving statement ${content.year}`, Creator: 'Pledgeway' } });
  const writer = new Writer(doc);
  const full = PAGE.width - 2 * PAGE.margin;

  writer.line([[`Giving statement ${content.year}`, 50, full]], { size: 20, bold: true, gap: 10 });
  writer.line([[`${content.name} <${content.email}>`, 50, full]], { color: MUTED });
  writer.line([[`Charges from January 1 to December 31, ${content.year} (UTC). Issued ${day(content.generatedAt)} by Pledgeway.`, 50, full]], {
    color: MUTED,
    gap: 18,
  });

  writer.line([['Charges', 50, full]], { size: 13, bold: true, gap: 8 });
  writer.line(
    [
      ['Date', COLUMNS.date, 65],
      ['Campaign', COLUMNS.campaign, 165],
      ['Charity', COLUMNS.charity, 135],
      ['Amount', COLUMNS.amount, 60, 'right'],
      ['Tip', COLUMNS.tip, 62, 'right'],
    ],
    { bold: true },
  );
  for (const charge of content.charges) {
    writer.line([
      [day(charge.chargedAt), COLUMNS.date, 65],
      [charge.campaign, COLUMNS.campaign, 165],
      [charge.charity ?? '—', COLUMNS.charity, 135],
      [formatCents(charge.chargedCents - charge.tipCents), COLUMNS.amount, 60, 'right'],
      [charge.tipCents ? formatCents(charge.tipCents) : '—', COLUMNS.tip, 62, 'right'],
    ]);
  }
  const charged = content.charges.reduce((sum, charge) => sum + charge.chargedCents - charge.tipCents, 0);
  const tips = content.charges.reduce((sum, charge) => sum + charge.tipCents, 0);
  const given = content.charges.some((charge) => charge.kind === 'donation') ? 'your pledges and donations' : 'your pledges';
  writer.line([[`Charged for ${given}: ${formatCents(charged)}`, 50, full]], { bold: true, gap: 4 });
  writer.line([[`Tips to Pledgeway, not given to the charity: ${formatCents(tips)}`, 50, full]], { bold: true, gap: 18 });

  // Each charity that received a gift, as a tax office reads it (decision 137).
  writer.line([['Recipients', 50, full]], { size: 13, bold: true, gap: 8 });
  const recipients = new Map<string, Recipient>();
  for (const charge of content.charges) if (charge.recipient) recipients.set(charge.recipient.name, charge.recipient);
  if (!recipients.size) writer.line([['No charity is named on these charges.', 50, full]], { color: MUTED });
  for (const recipient of recipients.values()) {
    const [name, registration, address] = recipientLines(recipient);
    writer.line([[name!, 50, full]], { bold: true, gap: 2 });
    writer.line([[registration!, 50, full]], { gap: 2 });
    writer.line([[address!, 50, full]], { gap: 8 });
  }
  writer.line([[`${NO_GOODS_OR_SERVICES.replace('this gift', 'these gifts')} Tips are the platform's and are not part of any gift.`, 50, full]], {
    gap: 18,
  });

  writer.line([['Refunds and disputes', 50, full]], { size: 13, bold: true, gap: 8 });
  if (!content.returns.length) writer.line([['None this year.', 50, full]], { color: MUTED });
  for (const item of content.returns) {
    writer.line([
      [day(item.at), COLUMNS.date, 65],
      [item.campaign, COLUMNS.campaign, 165],
      [RETURN_LABELS[item.kind], COLUMNS.charity, 135],
      [formatCents(item.cents), COLUMNS.amount, 60, 'right'],
    ]);
  }
  const returned = content.returns.reduce((sum, item) => sum + item.cents, 0);
  writer.line([[`Returned to your card: ${formatCents(returned)}`, 50, full]], { bold: true, gap: 18 });
  writer.line([['Amounts in US dollars. A tip is the platform’s, never the charity’s. Keep this statement with your records.', 50, full]], {
    size: 9,
    color: MUTED,
  });
  return bytesOf(doc);
}

const RETURN_LABELS: Record<ReturnedKind, string> = {
  funding_refund: 'Refund',
  dispute_opened: 'Disputed by your bank',
  dispute_won: 'Dispute decided: charged again',
};
