/**
 * Draws the shop's generated product pictures (simple SVGs of rect, circle, ellipse, path and text
 * elements, see seed/product-image.ts) into a PDF with PDFKit's vector commands, so the newspaper
 * shows the same pictures as the shop without rasterising. Anything it does not understand makes it
 * give up (returns false) before drawing, and the caller draws a coloured box instead.
 */

type Attributes = Record<string, string>;

interface SvgElement {
  tag: 'rect' | 'circle' | 'ellipse' | 'path' | 'text';
  attributes: Attributes;
  /** Text elements: their lines (tspans, or the text itself). */
  lines: { text: string; x: number; y: number }[];
}

const ELEMENT = /<(rect|circle|ellipse|path|text)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/g;
const ATTRIBUTE = /([\w:-]+)="([^"]*)"/g;
const TSPAN = /<tspan\b([^>]*)>([\s\S]*?)<\/tspan>/g;
const COLOUR = /^#[0-9a-fA-F]{6}$|^#[0-9a-fA-F]{3}$|^none$/;

function parseAttributes(text: string): Attributes {
  const out: Attributes = {};
  for (const match of text.matchAll(ATTRIBUTE)) out[match[1] as string] = match[2] as string;
  return out;
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function num(attributes: Attributes, name: string, fallback = 0): number {
  const value = attributes[name];
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`bad number ${name}`);
  return parsed;
}

export interface ParsedSvg {
  width: number;
  height: number;
  elements: SvgElement[];
}

/** Parses a generated picture; null when it is not one this module can draw. */
export function parseSimpleSvg(svg: string): ParsedSvg | null {
  try {
    const root = /<svg\b([^>]*)>/.exec(svg);
    if (!root) return null;
    const rootAttributes = parseAttributes(root[1] ?? '');
    const viewBox = (rootAttributes.viewBox ?? '').split(/[\s,]+/).map(Number);
    if (
      viewBox.length !== 4 ||
      viewBox.some((n) => !Number.isFinite(n)) ||
      viewBox[0] !== 0 ||
      viewBox[1] !== 0
    )
      return null;
    const elements: SvgElement[] = [];
    for (const match of svg.matchAll(ELEMENT)) {
      const tag = match[1] as SvgElement['tag'];
      const attributes = parseAttributes(match[2] ?? '');
      for (const key of ['fill', 'stroke']) {
        const value = attributes[key];
        if (value !== undefined && !COLOUR.test(value)) return null;
      }
      if (attributes.transform !== undefined) return null;
      const lines: SvgElement['lines'] = [];
      if (tag === 'text') {
        const inner = match[3] ?? '';
        const spans = [...inner.matchAll(TSPAN)];
        if (spans.length > 0) {
          for (const span of spans) {
            const spanAttributes = parseAttributes(span[1] ?? '');
            lines.push({
              text: unescapeXml(span[2] ?? ''),
              x: num(spanAttributes, 'x', num(attributes, 'x')),
              y: num(spanAttributes, 'y', num(attributes, 'y')),
            });
          }
        } else {
          lines.push({
            text: unescapeXml(inner.replace(/<[^>]*>/g, '')),
            x: num(attributes, 'x'),
            y: num(attributes, 'y'),
          });
        }
      }
      elements.push({ tag, attributes, lines });
    }
    if (elements.length === 0) return null;
    return { width: viewBox[2] as number, height: viewBox[3] as number, elements };
  } catch {
    return null;
  }
}

/** The colour of the picture's widest filled band or background, for the fallback box. */
export function dominantColour(parsed: ParsedSvg): string | null {
  let best: { colour: string; area: number } | null = null;
  for (const element of parsed.elements) {
    if (element.tag !== 'rect') continue;
    const fill = element.attributes.fill;
    if (!fill || fill === 'none' || Number(element.attributes.opacity ?? 1) < 1) continue;
    const area = num(element.attributes, 'width') * num(element.attributes, 'height');
    if (!best || area >= best.area * 0.2) best = { colour: fill, area };
  }
  return best?.colour ?? null;
}

/** Draws a parsed picture into the square at (x, y) of the given size. */
export function drawSimpleSvg(
  doc: PDFKit.PDFDocument,
  parsed: ParsedSvg,
  x: number,
  y: number,
  size: number,
  fonts: { regular: string; bold: string },
): void {
  const scale = Math.min(size / parsed.width, size / parsed.height);
  doc.save();
  doc.translate(x, y).scale(scale);
  try {
    drawElements(doc, parsed, fonts);
  } finally {
    doc.restore();
  }
}

function drawElements(
  doc: PDFKit.PDFDocument,
  parsed: ParsedSvg,
  fonts: { regular: string; bold: string },
): void {
  doc.rect(0, 0, parsed.width, parsed.height).clip();
  for (const element of parsed.elements) {
    const a = element.attributes;
    const fill = a.fill ?? '#000000';
    const stroke = a.stroke && a.stroke !== 'none' ? a.stroke : null;
    const opacity = Math.max(0, Math.min(1, num(a, 'opacity', 1)));
    doc.fillOpacity(opacity).strokeOpacity(opacity);
    if (element.tag === 'text') {
      const fontSize = num(a, 'font-size', 16);
      const weight = a['font-weight'] ?? '400';
      doc.font(Number(weight) >= 500 || weight === 'bold' ? fonts.bold : fonts.regular).fontSize(fontSize);
      if (fill !== 'none') doc.fillColor(fill);
      for (const line of element.lines) {
        const width = doc.widthOfString(line.text);
        const anchor = a['text-anchor'];
        const left = anchor === 'middle' ? line.x - width / 2 : anchor === 'end' ? line.x - width : line.x;
        doc.text(line.text, left, line.y - fontSize * 0.8, { lineBreak: false });
      }
      continue;
    }
    switch (element.tag) {
      case 'rect': {
        const rx = num(a, 'rx', 0);
        const [rectX, rectY, w, h] = [num(a, 'x'), num(a, 'y'), num(a, 'width'), num(a, 'height')];
        if (rx > 0) doc.roundedRect(rectX, rectY, w, h, rx);
        else doc.rect(rectX, rectY, w, h);
        break;
      }
      case 'circle':
        doc.circle(num(a, 'cx'), num(a, 'cy'), num(a, 'r'));
        break;
      case 'ellipse':
        doc.ellipse(num(a, 'cx'), num(a, 'cy'), num(a, 'rx'), num(a, 'ry'));
        break;
      case 'path':
        doc.path(a.d ?? '');
        break;
    }
    if (stroke) {
      doc.lineWidth(num(a, 'stroke-width', 1)).lineJoin(a['stroke-linejoin'] === 'round' ? 'round' : 'miter');
    }
    if (fill !== 'none' && stroke) doc.fillAndStroke(fill, stroke);
    else if (fill !== 'none') doc.fill(fill);
    else if (stroke) doc.stroke(stroke);
  }
}
