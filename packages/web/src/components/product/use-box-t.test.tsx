import { act, renderHook } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { useBoxT } from './use-box-t';

async function instance(): Promise<I18n> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'hu',
    fallbackLng: 'hu',
    interpolation: { escapeValue: false },
    resources: {
      hu: { translation: { label: 'Cikkszám', pieces_one: '{{count}} db', pieces_other: '{{count}} db' } },
      en: { translation: { label: 'SKU', pieces_one: '{{count}} piece', pieces_other: '{{count}} pieces' } },
    },
  });
  return i18n;
}

const wrapperFor =
  (i18n: I18n) =>
  ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;

describe('useBoxT', () => {
  it('gives the texts i18next gives, with counts, and follows a language change', async () => {
    const i18n = await instance();
    const { result } = renderHook(() => useBoxT(), { wrapper: wrapperFor(i18n) });
    const t = result.current as unknown as (key: string, options?: object) => string;
    expect(t('label')).toBe('Cikkszám');
    expect(t('pieces', { count: 12 })).toBe('12 db');
    // Asked again: the same text (from the cache).
    expect(t('pieces', { count: 12 })).toBe('12 db');
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    const en = result.current as unknown as (key: string, options?: object) => string;
    expect(en('label')).toBe('SKU');
    expect(en('pieces', { count: 1 })).toBe('1 piece');
    expect(en('pieces', { count: 12 })).toBe('12 pieces');
  });

  it('translates again when messages are added (a namespace loaded later)', async () => {
    const i18n = await instance();
    const { result } = renderHook(() => useBoxT(), { wrapper: wrapperFor(i18n) });
    const t = result.current as unknown as (key: string) => string;
    // Not loaded yet: i18next answers with the key.
    expect(t('later')).toBe('later');
    i18n.addResourceBundle('hu', 'translation', { later: 'Később' }, true, true);
    expect(t('later')).toBe('Később');
  });
});
