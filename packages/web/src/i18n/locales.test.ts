import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@shop/shared/errors/error-codes';
import { LANGUAGES, type Language } from '@shop/shared/i18n/languages';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Message files: the shop's `i18n/locales/<language>/<namespace>.json` and the back office's files
 * in `i18n` folders under `admin/` (any layout with the language as a file or folder name, e.g.
 * `i18n/hu.json` or `i18n/hu/orders.json`). Files that differ only in the language form a family;
 * every family must exist in all four languages with the same keys.
 */
interface MessageFile {
  family: string;
  language: Language;
  file: string;
}

const LANGUAGE_IN_PATH = new RegExp(`(^|/)(${LANGUAGES.join('|')})(?=/|\\.json$)`);

function jsonFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return jsonFiles(full);
    return entry.name.endsWith('.json') ? [full] : [];
  });
}

function i18nDirs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory()) return [];
    const full = path.join(dir, entry.name);
    return entry.name === 'i18n' ? [full] : i18nDirs(full);
  });
}

function messageFiles(): MessageFile[] {
  const roots = [path.join(srcDir, 'i18n', 'locales'), ...i18nDirs(path.join(srcDir, 'admin'))];
  return roots.flatMap((root) =>
    jsonFiles(root).flatMap((file) => {
      const inRoot = path.relative(root, file).split(path.sep).join('/');
      const match = LANGUAGE_IN_PATH.exec(inRoot);
      if (!match) return [];
      const family = `${path.relative(srcDir, root)}/${inRoot.replace(LANGUAGE_IN_PATH, '$1{language}')}`;
      return [{ family, language: match[2] as Language, file }];
    }),
  );
}

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

const files = messageFiles();
const families = [...new Set(files.map((file) => file.family))].sort();
const content = new Map(
  files.map((file) => [file.file, flatten(JSON.parse(readFileSync(file.file, 'utf8')))]),
);

function familyFile(family: string, language: Language): Map<string, unknown> | undefined {
  const found = files.find((file) => file.family === family && file.language === language);
  return found ? content.get(found.file) : undefined;
}

/** The shop's messages of one language, all namespaces merged (keys are global, see namespaces.ts). */
function shopMessages(language: Language): Map<string, unknown> {
  const merged = new Map<string, unknown>();
  for (const file of files) {
    if (file.language === language && file.family.startsWith('i18n/locales/'))
      for (const [key, value] of content.get(file.file) ?? []) merged.set(key, value);
  }
  return merged;
}

const flat = Object.fromEntries(LANGUAGES.map((language) => [language, shopMessages(language)])) as Record<
  Language,
  Map<string, unknown>
>;

/**
 * Texts that are the same in English and another language on purpose: international
 * abbreviations, units and codes. Everything else must be translated.
 */
const SAME_AS_ENGLISH = new Set(['Min.', 'Max.', 'VAT', 'Pallet', 'E-mail']);

/** Whether a message has words of its own (not only placeholders, numbers and punctuation). */
const hasWords = (value: string) => /\p{L}/u.test(value.replace(/\{\{[^}]*\}\}/g, ''));

/** The {{placeholders}} of a message, sorted. */
function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\{\s*([\w.]+)/g)].map((match) => match[1] ?? '').sort();
}

describe('message file families', () => {
  it('finds the shop namespaces', () => {
    expect(families.filter((family) => family.startsWith('i18n/locales/')).length).toBeGreaterThanOrEqual(6);
  });

  it.each(families)('%s exists in every language with the same keys', (family) => {
    const all = new Set(LANGUAGES.flatMap((language) => [...(familyFile(family, language)?.keys() ?? [])]));
    const problems = LANGUAGES.flatMap((language) => {
      const messages = familyFile(family, language);
      if (!messages) return [`${language}: file missing`];
      return [...all].filter((key) => !messages.has(key)).map((key) => `${language}: ${key} missing`);
    });
    expect(problems).toEqual([]);
  });

  it.each(families)('%s: hu, vi and zh translate every English text', (family) => {
    const en = familyFile(family, 'en') ?? new Map<string, unknown>();
    const copied = (['hu', 'vi', 'zh'] as const).flatMap((language) =>
      [...(familyFile(family, language) ?? [])]
        .filter(
          ([key, value]) =>
            typeof value === 'string' &&
            hasWords(value) &&
            value === en.get(key) &&
            !SAME_AS_ENGLISH.has(value),
        )
        .map(([key, value]) => `${language}: ${key} = ${JSON.stringify(value)}`),
    );
    expect(copied).toEqual([]);
  });

  it.each(families)('%s: only non-empty strings, same placeholders as hu', (family) => {
    const hu = familyFile(family, 'hu') ?? new Map<string, unknown>();
    const problems = LANGUAGES.flatMap((language) =>
      [...(familyFile(family, language) ?? [])].flatMap(([key, value]) => {
        if (typeof value !== 'string' || value.trim() === '')
          return [`${language}: ${key} is empty or not text`];
        const source = hu.get(key);
        return typeof source === 'string' && placeholders(source).join() !== placeholders(value).join()
          ? [`${language}: ${key} placeholders differ from hu`]
          : [];
      }),
    );
    expect(problems).toEqual([]);
  });
});

describe('shop messages (all namespaces)', () => {
  it.each(LANGUAGES)('%s has every key another language has', (language) => {
    const all = new Set(LANGUAGES.flatMap((other) => [...flat[other].keys()]));
    const missing = [...all].filter((key) => !flat[language].has(key));
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s has only non-empty strings', (language) => {
    const bad = [...flat[language]].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
    expect(bad.map(([key]) => key)).toEqual([]);
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
