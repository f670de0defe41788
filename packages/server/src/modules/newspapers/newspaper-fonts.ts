import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Fonts for the generated PDFs. The PDF standard fonts cannot write ő, ű or Vietnamese letters, so
 * the text is set in DejaVu Sans (Latin, Hungarian, Vietnamese) from the npm package
 * dejavu-fonts-ttf, and Chinese in Noto Sans Hans (the GB2312 subset of Noto Sans CJK SC) from the
 * npm package @embedpdf/fonts-sc. Both are dependencies, so every machine has them; if a package's
 * file is missing all the same, Debian's fonts-dejavu / fonts-noto-cjk files are used. Without any
 * Chinese font the Chinese newspaper falls back to English texts and Hungarian product names
 * (see newspaper-pdf.ts), never to boxes instead of letters.
 */
export interface FontFace {
  file: string;
  /** The face inside a font collection (.ttc). */
  family?: string;
}

export interface FontSet {
  regular: FontFace;
  bold: FontFace;
}

export interface PdfFonts {
  latin: FontSet;
  cjk: FontSet | null;
}

const resolveFrom = createRequire(import.meta.url);

function packageDir(specifier: string, entry: string): string | null {
  try {
    const resolved = resolveFrom.resolve(`${specifier}${entry}`);
    return path.dirname(resolved);
  } catch {
    return null;
  }
}

function firstExisting(candidates: readonly (FontSet | null)[]): FontSet | null {
  return (
    candidates.find(
      (set): set is FontSet => set !== null && existsSync(set.regular.file) && existsSync(set.bold.file),
    ) ?? null
  );
}

let cached: PdfFonts | null = null;

/** The fonts found on this machine (looked up once per process). */
export function pdfFonts(): PdfFonts {
  if (cached) return cached;
  const dejavu = packageDir('dejavu-fonts-ttf', '/package.json');
  const embedpdf = packageDir('@embedpdf/fonts-sc', '');
  const latin = firstExisting([
    dejavu
      ? {
          regular: { file: path.join(dejavu, 'ttf', 'DejaVuSans.ttf') },
          bold: { file: path.join(dejavu, 'ttf', 'DejaVuSans-Bold.ttf') },
        }
      : null,
    {
      regular: { file: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf' },
      bold: { file: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf' },
    },
  ]);
  if (!latin) throw new Error('No PDF font found: the dejavu-fonts-ttf package is missing');
  const cjk = firstExisting([
    embedpdf
      ? {
          regular: { file: path.join(embedpdf, '..', 'fonts', 'NotoSansHans-Regular.otf') },
          bold: { file: path.join(embedpdf, '..', 'fonts', 'NotoSansHans-Bold.otf') },
        }
      : null,
    {
      regular: {
        file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
        family: 'NotoSansCJKsc-Regular',
      },
      bold: { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', family: 'NotoSansCJKsc-Bold' },
    },
  ]);
  cached = { latin, cjk };
  return cached;
}
