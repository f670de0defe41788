/** Small text helpers every mail renderer uses (lib/mail-templates.ts and the modules' own mails). */

/** A value made safe to stand in the HTML part: the five characters HTML gives a meaning escaped. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** `template` with each `{key}` replaced by `values[key]` (a key without a value stays as written). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** Names and subjects are one line (no header injection through a name): line breaks and tabs become a space. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim();
}

/**
 * Keeps a value from breaking the layout of a text part: every control character becomes a space,
 * runs of spaces fold into one, and the ends are trimmed.
 */
export function lineWithoutControls(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    out += code < 0x20 || code === 0x7f ? ' ' : ch;
  }
  return out.replace(/ {2,}/g, ' ').trim();
}
