import type { Shape } from './catalogue-data';

/**
 * Generated product pictures: a square SVG with the category colour as background, a simple
 * drawing of the package and the product's short name and size. Nothing is downloaded.
 */
export interface ProductImageInput {
  name: string;
  size: string;
  brand: string;
  color: string;
  shape: Shape;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Mixes a #rrggbb colour with white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  const target = amount >= 0 ? 255 : 0;
  const weight = Math.abs(amount);
  return `#${channels
    .map((c) => Math.round(c + (target - c) * weight))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** Splits a name into at most `maxLines` lines of about `width` characters. */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= width || !current) {
      current = candidate;
    } else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${(kept[maxLines - 1] ?? '').slice(0, width - 1)}…`;
    return kept;
  }
  return lines;
}

/** The package drawing, centred around x = 200, between y = 40 and y = 260. */
function shapeSvg(shape: Shape, fill: string, stroke: string, accent: string): string {
  const common = `fill="${fill}" stroke="${stroke}" stroke-width="4" stroke-linejoin="round"`;
  switch (shape) {
    case 'bottle':
    case 'glass': {
      const body = shape === 'glass' ? shade(accent, 0.55) : fill;
      return [
        `<rect x="184" y="40" width="32" height="22" rx="4" fill="${accent}" stroke="${stroke}" stroke-width="4"/>`,
        `<path d="M188 62 h24 v28 q36 18 36 62 v92 q0 16 -16 16 h-64 q-16 0 -16 -16 v-92 q0 -44 36 -62 z" fill="${body}" stroke="${stroke}" stroke-width="4" stroke-linejoin="round"/>`,
        `<rect x="152" y="160" width="96" height="56" rx="6" fill="${accent}" opacity="0.9"/>`,
      ].join('');
    }
    case 'can':
      return [
        `<rect x="150" y="58" width="100" height="196" rx="10" ${common}/>`,
        `<ellipse cx="200" cy="60" rx="50" ry="12" fill="${shade(fill, -0.1)}" stroke="${stroke}" stroke-width="4"/>`,
        `<rect x="150" y="120" width="100" height="70" fill="${accent}" opacity="0.9"/>`,
      ].join('');
    case 'carton':
      return [
        `<path d="M150 90 L170 46 H230 L250 90 Z" ${common}/>`,
        `<rect x="150" y="90" width="100" height="166" ${common}/>`,
        `<rect x="150" y="150" width="100" height="60" fill="${accent}" opacity="0.9"/>`,
        `<rect x="216" y="36" width="12" height="16" fill="${accent}" stroke="${stroke}" stroke-width="3"/>`,
      ].join('');
    case 'box':
    case 'pack':
      return [
        `<rect x="${shape === 'box' ? 130 : 120}" y="${shape === 'box' ? 70 : 100}" width="${shape === 'box' ? 140 : 160}" height="${shape === 'box' ? 186 : 150}" rx="8" ${common}/>`,
        `<rect x="${shape === 'box' ? 130 : 120}" y="${shape === 'box' ? 70 : 100}" width="${shape === 'box' ? 140 : 160}" height="26" rx="8" fill="${shade(fill, -0.12)}" stroke="${stroke}" stroke-width="4"/>`,
        `<circle cx="200" cy="${shape === 'box' ? 170 : 180}" r="38" fill="${accent}" opacity="0.9"/>`,
      ].join('');
    case 'bag':
    case 'sack':
      return [
        `<path d="M146 70 L254 70 L266 250 Q200 266 134 250 Z" ${common}/>`,
        `<path d="M146 70 l9 -12 l9 12 l9 -12 l9 12 l9 -12 l9 12 l9 -12 l9 12 l9 -12 l9 12 l9 -12 l9 12" fill="none" stroke="${stroke}" stroke-width="4"/>`,
        `<ellipse cx="200" cy="165" rx="46" ry="34" fill="${accent}" opacity="0.9"/>`,
      ].join('');
    case 'jar':
    case 'tub':
      return [
        `<rect x="${shape === 'jar' ? 146 : 130}" y="${shape === 'jar' ? 60 : 120}" width="${shape === 'jar' ? 108 : 140}" height="24" rx="6" fill="${accent}" stroke="${stroke}" stroke-width="4"/>`,
        `<path d="M${shape === 'jar' ? 140 : 126} ${shape === 'jar' ? 84 : 144} h${shape === 'jar' ? 120 : 148} l-6 ${shape === 'jar' ? 164 : 108} q0 8 -8 8 h-${shape === 'jar' ? 92 : 120} q-8 0 -8 -8 z" ${common}/>`,
        `<rect x="${shape === 'jar' ? 154 : 146}" y="${shape === 'jar' ? 140 : 176}" width="${shape === 'jar' ? 92 : 108}" height="56" rx="6" fill="${accent}" opacity="0.9"/>`,
      ].join('');
    case 'tube':
      return [
        `<path d="M160 60 H240 L226 226 H174 Z" ${common}/>`,
        `<rect x="184" y="226" width="32" height="30" rx="4" fill="${accent}" stroke="${stroke}" stroke-width="4"/>`,
        `<rect x="170" y="110" width="60" height="60" rx="6" fill="${accent}" opacity="0.9"/>`,
      ].join('');
    case 'roll':
      return [
        `<rect x="120" y="90" width="160" height="150" rx="20" ${common}/>`,
        `<ellipse cx="160" cy="165" rx="30" ry="62" fill="${shade(fill, -0.06)}" stroke="${stroke}" stroke-width="3"/>`,
        `<ellipse cx="240" cy="165" rx="30" ry="62" fill="${shade(fill, -0.06)}" stroke="${stroke}" stroke-width="3"/>`,
        `<ellipse cx="160" cy="165" rx="9" ry="18" fill="${accent}"/>`,
        `<ellipse cx="240" cy="165" rx="9" ry="18" fill="${accent}"/>`,
      ].join('');
    case 'tray':
      return [
        `<path d="M110 150 H290 L270 230 H130 Z" ${common}/>`,
        `<circle cx="170" cy="140" r="24" fill="${accent}"/>`,
        `<circle cx="230" cy="140" r="24" fill="${accent}"/>`,
      ].join('');
    case 'canister':
      return [
        `<rect x="220" y="44" width="28" height="22" rx="4" fill="${accent}" stroke="${stroke}" stroke-width="4"/>`,
        `<path d="M140 66 H250 Q262 66 262 78 V246 Q262 258 250 258 H150 Q138 258 138 246 V100 Z" ${common}/>`,
        `<path d="M150 80 H200 V110 H150 Z" fill="none" stroke="${stroke}" stroke-width="4"/>`,
        `<rect x="158" y="150" width="88" height="64" rx="6" fill="${accent}" opacity="0.9"/>`,
      ].join('');
  }
}

export function productSvg(input: ProductImageInput): string {
  const background = input.color;
  const light = shade(background, 0.82);
  const fill = shade(background, 0.92);
  const stroke = shade(background, -0.45);
  const accent = shade(background, 0.15);
  const lines = wrapText(input.name, 24, 2);
  const nameY = lines.length === 1 ? 318 : 304;
  const nameText = lines
    .map((line, i) => `<tspan x="200" y="${nameY + i * 26}">${escapeXml(line)}</tspan>`)
    .join('');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img"',
    ` aria-label="${escapeXml(`${input.name} ${input.size}`)}">`,
    `<rect width="400" height="400" rx="24" fill="${light}"/>`,
    `<circle cx="330" cy="70" r="110" fill="${background}" opacity="0.18"/>`,
    `<circle cx="60" cy="250" r="90" fill="${background}" opacity="0.12"/>`,
    `<ellipse cx="200" cy="262" rx="96" ry="10" fill="${stroke}" opacity="0.15"/>`,
    shapeSvg(input.shape, fill, stroke, accent),
    `<rect x="0" y="276" width="400" height="124" fill="${background}"/>`,
    `<text font-family="Roboto, Arial, Helvetica, sans-serif" font-size="22" font-weight="500" fill="#ffffff" text-anchor="middle">${nameText}</text>`,
    `<text x="200" y="${nameY + lines.length * 26 + 14}" font-family="Roboto, Arial, Helvetica, sans-serif" font-size="26" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(input.size)}</text>`,
    `<text x="24" y="36" font-family="Roboto, Arial, Helvetica, sans-serif" font-size="16" font-weight="700" fill="${stroke}">${escapeXml(input.brand)}</text>`,
    '</svg>',
    '',
  ].join('');
}
