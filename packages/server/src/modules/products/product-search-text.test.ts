import { describe, expect, it } from 'vitest';
import { buildProductSearchText } from './product-search-text.service';

describe('buildProductSearchText', () => {
  it('folds names (each once), the SKU and barcodes into |names|~codes~', () => {
    expect(
      buildProductSearchText({
        names: ['Kávé őrölt', 'Ground coffee', 'Cà phê xay', '研磨咖啡', 'Kávé őrölt'],
        sku: 'KV-002',
        barcodes: ['5991002000011', null, '5991002000128'],
      }),
    ).toBe('|kave orolt|ground coffee|ca phe xay|研磨咖啡|~kv 002~5991002000011~5991002000128~');
  });

  it('keeps the separators when parts are missing', () => {
    expect(buildProductSearchText({ names: [], sku: 'A1', barcodes: [] })).toBe('|~a1~');
    expect(buildProductSearchText({ names: ['  ', 'Só'], sku: '', barcodes: [null] })).toBe('|so|~');
  });

  it('never contains the separators inside a part', () => {
    const text = buildProductSearchText({ names: ['a|b~c'], sku: 'x~y', barcodes: ['1|2'] });
    expect(text).toBe('|a b c|~x y~1 2~');
  });
});
