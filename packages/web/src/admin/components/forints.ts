/** Forints typed by staff ("1 500,50", "1500.5") → minor units, or null when not an amount. */
export function parseForints(text: string): number | null {
  const cleaned = text.replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

/** Minor units as the forints a field shows ("1500", "1500,50"); '' for none. */
export function forintsText(minor: number | null): string {
  return minor === null ? '' : (minor / 100).toFixed(2).replace(/\.00$/, '').replace('.', ',');
}
