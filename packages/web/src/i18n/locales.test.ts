import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@shop/shared/errors/error-codes';
import { LANGUAGES, type Language } from '@shop/shared/i18n/languages';
import en from './locales/en.json';
import hu from './locales/hu.json';
import vi from './locales/vi.json';
import zh from './locales/zh.json';

const locales: Record<Language, unknown> = { hu, en, vi, zh };

/** "a.b.c" → value for every leaf of a nested message file. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [leaf, leafValue] of flatten(child, prefix ? `${prefix}.${key}` : key))
        out.set(leaf, leafValue);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const flat = Object.fromEntries(
  LANGUAGES.map((language) => [language, flatten(locales[language])]),
) as Record<Language, Map<string, unknown>>;

/** The {{placeholders}} of a message, sorted. */
function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\{\s*([\w.]+)/g)].map((match) => match[1] ?? '').sort();
}

describe('message files', () => {
  it.each(LANGUAGES)('%s has every key another language has', (language) => {
    const all = new Set(LANGUAGES.flatMap((other) => [...flat[other].keys()]));
    const missing = [...all].filter((key) => !flat[language].has(key));
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s has only non-empty strings', (language) => {
    const bad = [...flat[language]].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
    expect(bad.map(([key]) => key)).toEqual([]);
  });

  it.each(['hu', 'vi', 'zh'] as const)('%s does not copy long English texts', (language) => {
    const copied = [...flat[language]]
      .filter(([key, value]) => typeof value === 'string' && value.length > 20 && value === flat.en.get(key))
      .map(([key]) => key);
    expect(copied).toEqual([]);
  });

  it.each(LANGUAGES)('%s uses the same placeholders as hu', (language) => {
    const mismatched = [...flat.hu]
      .filter(([key, value]) => {
        const other = flat[language].get(key);
        return (
          typeof value === 'string' &&
          typeof other === 'string' &&
          placeholders(value).join() !== placeholders(other).join()
        );
      })
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it.each(LANGUAGES)('%s translates every error code', (language) => {
    const missing = ERROR_CODES.filter((code) => typeof flat[language].get(`errors.${code}`) !== 'string');
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s has the toast and quantity-warning messages', (language) => {
    const keys = [
      'toasts.product_quantity_update_unsuccessful',
      'toasts.place_order_error',
      'toasts.session_expired',
      'toasts.minimum_order_quantity',
      'toasts.maximum_order_quantity',
      'toasts.quantity_to_order_is_not_available',
      'toasts.order_quantity_step_correction',
    ];
    expect(keys.filter((key) => !flat[language].has(key))).toEqual([]);
  });

  it('shows "Not Found" like NOT_FOUND', () => {
    for (const language of LANGUAGES) {
      expect(flat[language].get('errors.Not Found')).toBe(flat[language].get('errors.NOT_FOUND'));
    }
  });

  it('has no error message without a code behind it', () => {
    const known = new Set<string>(ERROR_CODES);
    const extra = [...flat.hu.keys()]
      .filter((key) => key.startsWith('errors.'))
      .map((key) => key.slice('errors.'.length))
      .filter((code) => !known.has(code));
    expect(extra).toEqual([]);
  });
});
