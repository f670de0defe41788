import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';

type Cache = Map<string, string>;

const caches = new WeakMap<I18n, Cache>();

/** The texts one i18n instance has translated for product boxes, emptied when its messages change. */
function cacheOf(i18n: I18n): Cache {
  let cache = caches.get(i18n);
  if (!cache) {
    const fresh: Cache = new Map();
    cache = fresh;
    caches.set(i18n, fresh);
    const clear = () => fresh.clear();
    i18n.on('languageChanged', clear);
    i18n.on('loaded', clear);
    i18n.store?.on('added', clear);
    i18n.store?.on('removed', clear);
  }
  return cache;
}

/** Options made of plain values (a count, a unit's name) are part of the key; anything else is not cached. */
function cacheKey(language: string, key: unknown, options: unknown): string | undefined {
  if (typeof key !== 'string') return undefined;
  if (options === undefined) return `${language}\u0000${key}`;
  if (typeof options !== 'object' || options === null) return undefined;
  let text = `${language}\u0000${key}`;
  for (const [name, value] of Object.entries(options)) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      return undefined;
    text += `\u0000${name}=${String(value)}`;
  }
  return text;
}

/**
 * `t` for the product boxes: the same texts, each translated once per language. A listing of 50
 * boxes asks for the same few dozen texts hundreds of times (labels, pack units, "n pieces"), and
 * i18next's lookup, plural rules and interpolation on every call were about a third of the time a
 * phone spent rendering the boxes (issue 20). The cache is emptied when the language or the loaded
 * messages change.
 */
export function useBoxT() {
  const { t, i18n } = useTranslation();
  const cache = cacheOf(i18n);
  const language = i18n.language ?? '';
  const cached = (key: unknown, options?: unknown): unknown => {
    const id = cacheKey(language, key, options);
    if (id === undefined) return (t as (k: unknown, o?: unknown) => unknown)(key, options);
    let text = cache.get(id);
    if (text === undefined) {
      text = String((t as (k: unknown, o?: unknown) => unknown)(key, options));
      cache.set(id, text);
    }
    return text;
  };
  return cached as typeof t;
}
