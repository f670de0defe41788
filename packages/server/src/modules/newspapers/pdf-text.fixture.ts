import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Test helper: the text of every page of a PDF, read with Mozilla's pdf.js, with runs joined by
 * spaces and every kind of space (the no-break spaces of hu-HU numbers too) made a plain space.
 */
export async function pdfText(
  data: Uint8Array | Buffer,
): Promise<{ pages: number; text: string; title: string | null }> {
  const document = await getDocument({
    data: new Uint8Array(data),
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const parts: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      for (const item of content.items) if ('str' in item) parts.push(item.str);
    }
    const metadata = await document.getMetadata();
    const info = metadata.info as { Title?: string } | undefined;
    return {
      pages: document.numPages,
      text: parts.join(' ').replace(/\s+/gu, ' '),
      title: info?.Title ?? null,
    };
  } finally {
    await document.destroy();
  }
}

/** A plain-space version of a formatted text (hu-HU uses no-break spaces). */
export function plainSpaces(text: string): string {
  return text.replace(/\s+/gu, ' ');
}
