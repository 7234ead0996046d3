import { extractText, getDocumentProxy } from 'unpdf';

/** The text a PDF draws, read back as a reader would (fonts' own glyph maps), whitespace made single spaces. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
