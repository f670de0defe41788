import PDFDocument from 'pdfkit';
import { formatDate, formatMoney } from '@shop/shared/format/format';
import { fill, type NewspaperTexts } from './newspaper-texts';
import type { FontSet } from './newspaper-fonts';
import { drawSimpleSvg, type ParsedSvg } from './svg-drawing';

/** One product of the generated newspaper, with the prices already computed for the customer. */
export interface NewspaperItem {
  sku: string;
  name: string;
  manufacturer: string | null;
  /** Gross per piece, minor units: the listing's currentPrice. */
  grossPrice: number;
  netPrice: number;
  /** The price per piece without the offer, when it is higher. */
  regularPrice: number | null;
  vat: number;
  /** The offer's last instant (ISO), or null when open-ended. */
  offerEnds: string | null;
  /** e.g. "karton (12 db)", or null for single pieces. */
  orderUnit: string | null;
  picture: { kind: 'svg'; svg: ParsedSvg } | { kind: 'raster'; file: string } | null;
  /** The box colour when there is no picture to draw. */
  colour: string;
}

export interface NewspaperContent {
  texts: NewspaperTexts;
  /** YYYY-MM-DD */
  validFrom: string;
  validTo: string | null;
  items: NewspaperItem[];
  generatedAt: Date;
  timeZone: string;
  /** Latin, Hungarian and Vietnamese text. */
  latin: FontSet;
  /** Chinese text, when a Chinese font is available. */
  cjk: FontSet | null;
}

/** Han characters and CJK punctuation need the Chinese font; everything else the Latin one. */
const CJK = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;
const CJK_RUNS = /([\p{Script=Han}\u3000-\u303f\uff00-\uffef]+)/u;

/** Picks the font face per text (or per run of a single line), so no letter is written without a glyph. */
class Typesetter {
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly hasCjk: boolean,
  ) {}

  face(text: string, bold: boolean): string {
    const cjk = this.hasCjk && CJK.test(text);
    return `${cjk ? 'cjk' : 'latin'}-${bold ? 'bold' : 'regular'}`;
  }

  /** Wrapped text in one face chosen for the whole text. */
  block(
    text: string,
    x: number,
    y: number,
    options: {
      size: number;
      bold?: boolean;
      width: number;
      height?: number;
      align?: 'left' | 'center' | 'right';
    },
  ) {
    const doc = this.doc;
    doc.font(this.face(text, options.bold === true)).fontSize(options.size);
    doc.text(text, x, y, {
      width: options.width,
      ...(options.height !== undefined ? { height: options.height } : {}),
      align: options.align ?? 'left',
      ellipsis: true,
    });
    return Math.min(
      options.height ?? Number.POSITIVE_INFINITY,
      doc.heightOfString(text, { width: options.width }),
    );
  }

  /** One line, each script run in its face, cut with an ellipsis at the width. */
  line(
    text: string,
    x: number,
    y: number,
    options: { size: number; bold?: boolean; width: number; align?: 'left' | 'right' },
  ) {
    const doc = this.doc;
    const bold = options.bold === true;
    const runs = (this.hasCjk ? text.split(CJK_RUNS) : [text]).filter((run) => run.length > 0);
    const widthOf = (run: string) => doc.font(this.face(run, bold)).fontSize(options.size).widthOfString(run);
    const total = runs.reduce((sum, run) => sum + widthOf(run), 0);
    let cursor = options.align === 'right' && total < options.width ? x + options.width - total : x;
    const end = x + options.width;
    for (const run of runs) {
      let piece = run;
      let width = widthOf(piece);
      if (cursor + width > end) {
        while (piece.length > 0 && cursor + widthOf(`${piece}…`) > end)
          piece = [...piece].slice(0, -1).join('');
        piece = `${piece}…`;
        width = widthOf(piece);
      }
      doc.font(this.face(run, bold)).fontSize(options.size).text(piece, cursor, y, { lineBreak: false });
      cursor += width;
      if (piece.endsWith('…') && piece !== run) break;
    }
  }
}

const BRAND = '#7A5C34';
const BRAND_LIGHT = '#F3ECE2';
const INK = '#1F1A14';
const MUTED = '#5C5247';
const OFFER = '#B3261E';

const PAGE = { width: 595.28, height: 841.89, margin: 36 };
const HEADER_HEIGHT = 78;
const FOOTER_HEIGHT = 26;
const COLUMNS = 2;
const ROWS = 4;
const GAP = 12;
const PICTURE = 112;

/** Renders the newspaper as a PDF (A4, two columns of product cards, four rows a page). */
export function renderNewspaperPdf(content: NewspaperContent): Promise<Buffer> {
  const { texts } = content;
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    autoFirstPage: false,
    info: {
      Title: `${texts.title} – ${texts.shopName}`,
      Author: texts.shopName,
      Subject: texts.subtitle,
      CreationDate: content.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const register = (name: string, face: FontSet['regular']) =>
    face.family ? doc.registerFont(name, face.file, face.family) : doc.registerFont(name, face.file);
  register('latin-regular', content.latin.regular);
  register('latin-bold', content.latin.bold);
  if (content.cjk) {
    register('cjk-regular', content.cjk.regular);
    register('cjk-bold', content.cjk.bold);
  }
  const type = new Typesetter(doc, content.cjk !== null);

  const validity = content.validTo
    ? fill(texts.validity, { from: formatDate(content.validFrom), to: formatDate(content.validTo) })
    : fill(texts.validityOpen, { from: formatDate(content.validFrom) });

  const innerWidth = PAGE.width - 2 * PAGE.margin;
  const cardWidth = (innerWidth - GAP * (COLUMNS - 1)) / COLUMNS;
  const gridTop = PAGE.margin + HEADER_HEIGHT + GAP;
  const gridBottom = PAGE.height - PAGE.margin - FOOTER_HEIGHT;
  const cardHeight = (gridBottom - gridTop - GAP * (ROWS - 1)) / ROWS;

  const header = () => {
    doc.save();
    doc.roundedRect(PAGE.margin, PAGE.margin, innerWidth, HEADER_HEIGHT, 10).fill(BRAND);
    doc.restore();
    doc.fillColor('#FFFFFF');
    const width = innerWidth - 36;
    type.line(texts.shopName, PAGE.margin + 18, PAGE.margin + 12, { size: 10, width });
    type.line(texts.title, PAGE.margin + 18, PAGE.margin + 26, { size: 22, bold: true, width });
    type.line(`${texts.subtitle} · ${validity}`, PAGE.margin + 18, PAGE.margin + 56, { size: 10, width });
  };

  const card = (item: NewspaperItem, left: number, top: number) => {
    doc.save();
    doc.roundedRect(left, top, cardWidth, cardHeight, 8).lineWidth(0.8).fillAndStroke('#FFFFFF', '#D9CFC2');
    doc.restore();
    const pictureX = left + 10;
    const pictureY = top + 10;
    drawPicture(doc, type, item, pictureX, pictureY, PICTURE);

    const textX = pictureX + PICTURE + 10;
    const textWidth = left + cardWidth - 10 - textX;
    let y = top + 10;
    doc.fillColor(INK);
    y += type.block(item.name, textX, y, { size: 10, bold: true, width: textWidth, height: 38 }) + 3;
    doc.fillColor(MUTED);
    const skuLine = `${texts.sku}: ${item.sku}${item.manufacturer ? ` · ${item.manufacturer}` : ''}`;
    y += type.block(skuLine, textX, y, { size: 7.5, width: textWidth, height: 20 }) + 4;

    doc.fillColor(OFFER);
    type.line(formatMoney(item.grossPrice), textX, y, { size: 15, bold: true, width: textWidth });
    doc.fillColor(MUTED);
    type.line(`${texts.gross} ${texts.perPiece}`, textX, y + 17, { size: 7.5, width: textWidth });
    y += 28;
    doc.fillColor(INK);
    type.line(`${texts.net}: ${formatMoney(item.netPrice)} ${texts.perPiece}`, textX, y, {
      size: 9,
      bold: true,
      width: textWidth,
    });
    y += 12;
    doc.fillColor(MUTED);
    if (item.regularPrice !== null) {
      type.line(`${texts.regularPrice}: ${formatMoney(item.regularPrice)}`, textX, y, {
        size: 7.5,
        width: textWidth,
      });
      y += 10;
    }
    type.line(`${texts.vat}: ${item.vat}%`, textX, y, { size: 7.5, width: textWidth });

    let bottomY = pictureY + PICTURE + 6;
    const fullWidth = cardWidth - 20;
    doc.fillColor(OFFER);
    const ends = item.offerEnds
      ? fill(texts.offerEnds, { date: formatDate(item.offerEnds, content.timeZone) })
      : texts.offerOpen;
    type.line(ends, pictureX, bottomY, { size: 8, bold: true, width: fullWidth });
    bottomY += 11;
    if (item.orderUnit) {
      doc.fillColor(MUTED);
      type.line(`${texts.minimumOrder}: ${item.orderUnit}`, pictureX, bottomY, {
        size: 7.5,
        width: fullWidth,
      });
    }
  };

  const perPage = COLUMNS * ROWS;
  const pages = Math.max(1, Math.ceil(content.items.length / perPage));
  for (let page = 0; page < pages; page += 1) {
    doc.addPage();
    header();
    content.items.slice(page * perPage, (page + 1) * perPage).forEach((item, index) => {
      const column = index % COLUMNS;
      const row = Math.floor(index / COLUMNS);
      card(item, PAGE.margin + column * (cardWidth + GAP), gridTop + row * (cardHeight + GAP));
    });
  }

  // Footers once the page count is known; the bottom margin is lifted so PDFKit adds no page.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const footerY = PAGE.height - PAGE.margin - FOOTER_HEIGHT + 10;
    doc.fillColor(MUTED);
    type.block(texts.note, PAGE.margin, footerY, { size: 7.5, width: innerWidth - 100, height: 20 });
    type.line(
      fill(texts.page, { page: index + 1, pages: range.count }),
      PAGE.width - PAGE.margin - 90,
      footerY,
      {
        size: 7.5,
        width: 90,
        align: 'right',
      },
    );
    doc.page.margins.bottom = bottomMargin;
  }
  doc.end();
  return done;
}

function drawPicture(
  doc: PDFKit.PDFDocument,
  type: Typesetter,
  item: NewspaperItem,
  x: number,
  y: number,
  size: number,
): void {
  if (item.picture?.kind === 'svg') {
    try {
      // The pictures' own labels are the Latin short names of the catalogue.
      drawSimpleSvg(doc, item.picture.svg, x, y, size, { regular: 'latin-regular', bold: 'latin-bold' });
      return;
    } catch {
      // Falls through to the box.
    }
  } else if (item.picture?.kind === 'raster') {
    try {
      doc.image(item.picture.file, x, y, { fit: [size, size], align: 'center', valign: 'center' });
      return;
    } catch {
      // Falls through to the box.
    }
  }
  doc.save();
  doc.roundedRect(x, y, size, size, 8).fill(item.colour || BRAND_LIGHT);
  doc.restore();
  doc.fillColor('#FFFFFF');
  type.block(item.name, x + 8, y + 8, {
    size: 10,
    bold: true,
    width: size - 16,
    height: size - 16,
    align: 'center',
  });
}
