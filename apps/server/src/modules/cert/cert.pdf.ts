/**
 * The certificate PDF (issue 7 "Certificates"): one A4 landscape page drawn by pdfkit with the
 * OpenType Noto Sans SC (Noto Sans Hans Regular, OFL) of `@embedpdf/fonts-sc`, which pdfkit embeds
 * as a SUBSET (only the glyphs used: about 50 KB per certificate; no system font needed). On it: the
 * template's background image stretched over the page (jpg/png; none → a plain double border), the
 * texts at the template's positions, and a QR code (`qrcode`, PNG) of the public verification url,
 * which is also a link annotation to that url.
 *
 * The font covers GB2312 (the 6 763 common simplified characters); a rarer character in a name is
 * drawn as the font's missing-glyph box.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { CERT_PAGE, type CertLayout, type CertTextPos } from '@kaopei/contracts/cert';

const require = createRequire(import.meta.url);
/** Noto Sans SC Regular from the npm package (its `exports` name only the JS entry, so the file is found next to it). */
export const CERT_FONT_FILE = path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts', 'NotoSansHans-Regular.otf');

/** What is printed, already formatted. */
export interface CertTexts {
  title: string;
  name: string;
  refTitle: string;
  certNo: string;
  authority: string;
  date: string;
}

export interface CertPdfInput {
  layout: CertLayout;
  texts: CertTexts;
  /** jpg or png bytes, or null. */
  background: Buffer | null;
  /** Target of the QR code (the public verification page). */
  verifyUrl: string;
}

/** Draws one text of `pos`: x is the left edge, the centre or the right edge of the line; y its top. */
function drawText(doc: PDFKit.PDFDocument, text: string, pos: CertTextPos): void {
  if (!text) return;
  const { width, height } = CERT_PAGE;
  doc.fontSize(pos.size);
  const w = doc.widthOfString(text);
  const x = pos.x * width;
  const left = pos.align === 'center' ? x - w / 2 : pos.align === 'right' ? x - w : x;
  doc.text(text, left, pos.y * height, { lineBreak: false });
}

/** The PDF bytes of one certificate. */
export async function renderCertPdf(input: CertPdfInput): Promise<Buffer> {
  const { width, height } = CERT_PAGE;
  const qr = await QRCode.toBuffer(input.verifyUrl, { type: 'png', margin: 1, width: 300, errorCorrectionLevel: 'M' });
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 0, autoFirstPage: true, info: { Title: input.texts.title, Producer: 'Kaopei' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  if (input.background) {
    doc.image(input.background, 0, 0, { width, height });
  } else {
    doc.lineWidth(4).strokeColor('#b8860b').rect(24, 24, width - 48, height - 48).stroke();
    doc.lineWidth(1).rect(34, 34, width - 68, height - 68).stroke();
  }
  doc.registerFont('cjk', CERT_FONT_FILE);
  doc.font('cjk').fillColor('#222222');
  const { layout, texts } = input;
  drawText(doc, texts.title, layout.title);
  drawText(doc, texts.name, layout.name);
  drawText(doc, texts.refTitle, layout.refTitle);
  drawText(doc, texts.certNo, layout.certNo);
  drawText(doc, texts.authority, layout.authority);
  drawText(doc, texts.date, layout.date);
  doc.image(qr, layout.qr.x * width, layout.qr.y * height, { width: layout.qr.size, height: layout.qr.size });
  // The QR code is also a link to the same url, for a reader who opens the PDF on a screen.
  doc.link(layout.qr.x * width, layout.qr.y * height, layout.qr.size, layout.qr.size, input.verifyUrl);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
