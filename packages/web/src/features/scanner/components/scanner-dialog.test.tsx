import { configure, fireEvent, screen, within } from '@testing-library/react';
import { withGs1CheckDigit } from '@shop/shared/rules/gs1-barcode';
import { describe, expect, it } from 'vitest';
import { catalogueApi, makeProduct } from '../../../components/product/product.fixture';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { closeScanner } from '../scan-store';

// The scanner dialog is a lazy module: wait up to 5 s on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const PIECE = withGs1CheckDigit('599000000010');
const CARTON = withGs1CheckDigit('599000000011');
const tea = makeProduct({
  sku: 'TEA-002',
  productDetails: [{ language: 'hu', name: 'Zöld tea 100 g', description: '' }],
  packSizes: [
    { unit: 'piece', pieces: 1, barcode: PIECE },
    { unit: 'carton', pieces: 20, barcode: CARTON },
  ],
});

/** The exact barcode search knows the tea's two barcodes; every other simple search finds nothing. */
function scanApi() {
  return catalogueApi({
    other: (call) => {
      if (call.path !== '/api/products/search' || call.query.selectType !== 'simple') return undefined;
      const known =
        call.query.searchType === 'products-by-barcode-exact' &&
        [PIECE, CARTON].includes(call.query.searchString ?? '');
      return jsonResponse(200, { data: { products: known ? [tea] : [] } });
    },
  });
}

async function submitSearch(text: string) {
  const field = await screen.findByRole('searchbox', { name: 'Keresés a termékek között' });
  fireEvent.change(field, { target: { value: text } });
  fireEvent.submit(field.closest('form') as HTMLFormElement);
}

describe('keyboard-wedge scanning in the search field', () => {
  it("a carton's barcode opens the product with the carton, by the exact barcode search", async () => {
    closeScanner();
    const api = scanApi();
    const { router } = await renderApp({ fetch: api.fetch });
    await submitSearch(CARTON);
    const dialog = await screen.findByRole('dialog', { name: 'Vonalkód beolvasása' });
    expect(await within(dialog).findByText(`Beolvasott vonalkód: ${CARTON} (Karton)`)).toBeTruthy();
    expect(within(dialog).getByText('Zöld tea 100 g')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(
      api.calls.some(
        (call) => call.query.searchType === 'products-by-barcode-exact' && call.query.searchString === CARTON,
      ),
    ).toBe(true);
    closeScanner();
  });

  it('an unknown valid barcode says so; digits without a valid check digit search as text', async () => {
    closeScanner();
    const api = scanApi();
    const { router } = await renderApp({ fetch: api.fetch });
    const unknown = withGs1CheckDigit('599999999999');
    await submitSearch(unknown);
    const dialog = await screen.findByRole('dialog', { name: 'Vonalkód beolvasása' });
    expect(await within(dialog).findByText(`Nincs termék ezzel a vonalkóddal: ${unknown}.`)).toBeTruthy();
    closeScanner();

    const wrongCheckDigit = `${CARTON.slice(0, -1)}${(Number(CARTON.at(-1)) + 1) % 10}`;
    await submitSearch(wrongCheckDigit);
    await screen.findByRole('heading', { name: new RegExp(wrongCheckDigit) });
    expect(router.state.location.search).toBe(`?q=${wrongCheckDigit}`);
  });
});
