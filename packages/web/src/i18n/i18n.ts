import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { formatDateTime, formatMoney, formatNumber, formatWeightKg } from '@shop/shared/format/format';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@shop/shared/i18n/languages';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';
import { LAZY_NAMESPACES, NAMESPACES, type LazyNamespace, type Namespace } from './namespaces';
import shellHu from './locales/hu/translation.json';

/**
 * Messages are split by language and namespace: `locales/<language>/<namespace>.json`. Only the hu
 * shell messages (`translation`: header, footer, route titles, ...) are in the first page; every
 * other file is its own chunk, loaded by the backend below when a language is chosen or when a lazy
 * screen asks for its namespace (`loadMessages`, called next to the screen's lazy import).
 * Keys stay global ("cart.title"): `fallbackNS` lets `t()` find a key in whichever namespace holds
 * it, so components never name a namespace.
 */
const files = import.meta.glob<{ default: ResourceKey }>([
  './locales/*/*.json',
  '!./locales/hu/translation.json',
]);

function fileLoader(
  language: string,
  namespace: string,
): (() => Promise<{ default: ResourceKey }>) | undefined {
  return files[`./locales/${language}/${namespace}.json`];
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (language === 'hu' && namespace === 'translation') {
      callback(null, shellHu);
      return;
    }
    const load = isLanguage(language) ? fileLoader(language, namespace) : undefined;
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** The instance the app renders with (the latest created); lazy screens load their messages into it. */
let appInstance: I18n | undefined;

/**
 * Loads message namespaces for the current language (and the hu fallback). Lazy routes and lazy
 * components call it next to their dynamic import, so a screen's texts arrive with its code.
 */
export async function loadMessages(...namespaces: LazyNamespace[]): Promise<void> {
  if (appInstance) await appInstance.loadNamespaces(namespaces);
}

/** Emitted once the namespaces loaded for a missing key have arrived (the components re-render). */
const MISSING_MESSAGES_LOADED = 'missingMessagesLoaded';
/** Instances with that load under way: one load and one re-render for a burst of missing keys. */
const loadingEverything = new WeakSet<I18n>();

function loadEverything(instance: I18n): void {
  if (loadingEverything.has(instance)) return;
  // Everything is there already: the key is another loader's (a back-office namespace, whose screen
  // re-renders itself once it has arrived) or missing; a re-render would only ask for it again.
  if (NAMESPACES.every((namespace) => instance.hasLoadedNamespace(namespace))) return;
  loadingEverything.add(instance);
  const done = () => {
    loadingEverything.delete(instance);
    instance.emit(MISSING_MESSAGES_LOADED);
  };
  instance.loadNamespaces([...NAMESPACES]).then(done, done);
}

/** The language kept in browser storage, or hu. */
export function storedLanguage(): Language {
  const value = readStorage(STORAGE_KEYS.language);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** The language the instance currently shows, always one of the shop languages. */
export function currentLanguage(instance: I18n): Language {
  const value = instance.resolvedLanguage ?? instance.language;
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

function applyLanguage(language: string): void {
  if (!isLanguage(language)) return;
  writeStorage(STORAGE_KEYS.language, language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/**
 * Formatters for interpolation, e.g. "{{total, money}}". Numbers are hu-HU in every language
 * (docs/product.md §1), money is minor units shown in Ft, dates are YYYY.MM.DD HH:MM:SS.
 */
function registerFormatters(instance: I18n): void {
  const formatter = instance.services.formatter;
  if (!formatter) return;
  formatter.add('number', (value) => formatNumber(Number(value)));
  formatter.add('money', (value) => formatMoney(Number(value)));
  formatter.add('weight', (value) => formatWeightKg(Number(value)));
  formatter.add('datetime', (value) => formatDateTime(value as Date | string | number));
}

export interface CreateI18nOptions {
  /** Start language; defaults to the stored one (localStorage `language`), else hu. */
  language?: Language;
  /** Namespaces to load before it resolves besides the shell ones (component tests: all). */
  namespaces?: readonly LazyNamespace[] | 'all';
}

/** A ready i18next instance: the start language is loaded before it resolves. */
export async function createI18n(options: CreateI18nOptions = {}): Promise<I18n> {
  const language = options.language ?? storedLanguage();
  const preload: Namespace[] =
    options.namespaces === 'all' ? [...LAZY_NAMESPACES] : [...(options.namespaces ?? [])];
  const instance = i18next.createInstance();
  appInstance = instance;
  instance.use(lazyLocales).use(initReactI18next);
  instance.on('languageChanged', applyLanguage);
  await instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    ns: ['translation', ...preload],
    defaultNS: 'translation',
    fallbackNS: [...LAZY_NAMESPACES],
    resources: { hu: { translation: shellHu } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    // A screen whose namespace was not asked for still gets its texts: the first missing key loads
    // every namespace, and the components re-render once they have arrived.
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => {
      if (import.meta.env.DEV) console.warn(`i18n: "${key}" is not loaded (namespace ${namespace})`);
      loadEverything(instance);
    },
    // Not on every 'loaded': a namespace that a lazy screen loads next to its code (loadMessages)
    // arrives before that screen renders, so nothing on the page needs it. Re-rendering every
    // translated component then (a store update, so synchronous: one long task of the whole page
    // right after hydration, issue 20) would cost the phone its blocking time for nothing.
    react: { useSuspense: false, bindI18n: `languageChanged ${MISSING_MESSAGES_LOADED}` },
  });
  registerFormatters(instance);
  applyLanguage(currentLanguage(instance));
  return instance;
}
