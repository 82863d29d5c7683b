import { QRCodeDecoderErrorCorrectionLevel, QRCodeEncoder } from '@zxing/library';
import type { TicketPrintData, TicketTemplateElement } from '@venue/contract';
import { elementText, type TicketLayout } from '../extras/TicketFace.tsx';

/**
 * Tickets as a PDF: one page per ticket, at the ticket's size, laid out as it prints (the
 * template's elements in millimetres, fonts in points, the QR code as vector squares). Chinese
 * text uses the PDF standard CJK font STSong-Light (Adobe-GB1, UCS-2 encoding) and Latin text the
 * standard Helvetica, which every PDF reader supplies, so no font file is embedded and the file
 * stays a few kilobytes. Loaded on demand (the QR encoder comes with it).
 */

const PT_PER_MM = 72 / 25.4;
const num = (n: number) => (Math.round(n * 100) / 100).toString();

/** A text as a PDF hex string of UTF-16BE code units (the font's UCS-2 encoding). */
function hex(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += text.charCodeAt(i).toString(16).padStart(4, '0');
  return `<${out}>`;
}

/** Helvetica's advance widths (thousandths of an em) of ASCII 32–126. */
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584,
  556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278,
  469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260,
  334, 584,
];
const latin = (code: number) => code >= 32 && code <= 126;

/** The text in runs of one font each: Latin (Helvetica) and the rest (STSong-Light). */
function runsOf(text: string): { latin: boolean; text: string }[] {
  const runs: { latin: boolean; text: string }[] = [];
  for (const ch of text) {
    const l = latin(ch.charCodeAt(0));
    const last = runs[runs.length - 1];
    if (last && last.latin === l) last.text += ch;
    else runs.push({ latin: l, text: ch });
  }
  return runs;
}

/** The text's width in em. */
const emWidth = (text: string) => [...text].reduce((w, ch) => w + (latin(ch.charCodeAt(0)) ? HELVETICA[ch.charCodeAt(0) - 32]! / 1000 : 1), 0);

/** A PDF literal string of Latin text. */
const literal = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

function rgb(color: string | undefined, fallback = '#000000'): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(color ?? fallback) ?? /^#?([0-9a-f]{6})$/i.exec(fallback)!;
  const v = parseInt(m[1]!, 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255].map((c) => num(c / 255)).join(' ');
}

function elementOps(e: TicketTemplateElement, data: TicketPrintData, qrText: string, pageH: number): string {
  const x = e.x * PT_PER_MM;
  const top = pageH - e.y * PT_PER_MM;
  const w = e.width * PT_PER_MM;
  const h = e.height * PT_PER_MM;
  if (e.type === 'qr') {
    const matrix = QRCodeEncoder.encode(qrText, QRCodeDecoderErrorCorrectionLevel.M).getMatrix();
    const n = matrix.getWidth();
    const cell = Math.min(w, h) / n;
    const ops = ['0 0 0 rg'];
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++)
        if (matrix.get(c, r) === 1) ops.push(`${num(x + c * cell)} ${num(top - (r + 1) * cell)} ${num(cell + 0.01)} ${num(cell + 0.01)} re`);
    ops.push('f');
    return ops.join('\n');
  }
  const text = elementText(e, data);
  if (!text) return '';
  const size = e.fontSize ?? 9;
  const width = emWidth(text) * size;
  const dx = e.align === 'center' ? (w - width) / 2 : e.align === 'right' ? w - width : 0;
  const baseline = top - size * 0.9;
  // Bold: the glyphs stroked as well as filled (render mode 2), as the standard CJK font has no bold face.
  const mode = e.bold ? `2 Tr ${num(size / 30)} w ${rgb(e.color)} RG` : '0 Tr';
  const shown = runsOf(text)
    .map((r) => (r.latin ? `/F2 ${size} Tf ${literal(r.text)} Tj` : `/F1 ${size} Tf ${hex(r.text)} Tj`))
    .join(' ');
  return `q ${num(x)} ${num(top - h)} ${num(w)} ${num(h)} re W n BT ${mode} ${rgb(e.color)} rg ${num(x + Math.max(0, dx))} ${num(baseline)} Td ${shown} ET Q`;
}

export interface PdfTicket {
  layout: TicketLayout;
  data: TicketPrintData;
  /** What the QR code holds (the signed ticket text). */
  qr: string;
}

/** The PDF file of the tickets, one page each. */
export function ticketsPdf(tickets: readonly PdfTicket[]): Uint8Array {
  const objects: string[] = [];
  /** Adds an object; answers its number (they start at 1). */
  const add = (body: string) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // the page tree, filled once the pages are known
  const font = add('<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [4 0 R] >>');
  add(
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 5 0 R /DW 1000 /W [1 95 500] >>',
  );
  add(
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
  );
  const helvetica = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const pages: number[] = [];
  for (const t of tickets) {
    const W = t.layout.widthMm * PT_PER_MM;
    const H = t.layout.heightMm * PT_PER_MM;
    const content = [
      `${rgb(t.layout.backgroundColor, '#ffffff')} rg 0 0 ${num(W)} ${num(H)} re f`,
      ...t.layout.elements.map((e) => elementOps(e, t.data, t.qr, H)),
    ]
      .filter(Boolean)
      .join('\n');
    const stream = add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    pages.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(W)} ${num(H)}] /Resources << /Font << /F1 ${font} 0 R /F2 ${helvetica} 0 R >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${pages.map((p) => `${p} 0 R`).join(' ')}] /Count ${pages.length} >>`;

  // Every byte is ASCII (CJK text is hex, Latin text printable ASCII), so string lengths are byte offsets.
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
