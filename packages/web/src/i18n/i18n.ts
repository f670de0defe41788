import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { formatDateTime, formatMoney, formatNumber, formatWeightKg } from '@shop/shared/format/format';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@shop/shared/i18n/languages';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';
import hu from './locales/hu.json';

/**
 * hu is the source and the fallback, so it is bundled; the other languages are separate chunks
 * loaded when chosen (a small i18next backend below), which keeps the first page small.
 */
const loaders: Record<Exclude<Language, 'hu'>, () => Promise<{ default: unknown }>> = {
  en: () => import('./locales/en.json'),
  vi: () => import('./locales/vi.json'),
  zh: () => import('./locales/zh.json'),
};

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (!isLanguage(language)) {
      callback(null, {});
      return;
    }
    if (language === 'hu') {
      callback(null, hu);
      return;
    }
    loaders[language]().then(
      (module) => callback(null, module.default as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

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
 * (spec section 1), money is minor units shown in Ft, dates are YYYY.MM.DD HH:MM:SS.
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
}

/** A ready i18next instance: the start language is loaded before it resolves. */
export async function createI18n(options: CreateI18nOptions = {}): Promise<I18n> {
  const language = options.language ?? storedLanguage();
  const instance = i18next.createInstance();
  instance.use(lazyLocales).use(initReactI18next);
  instance.on('languageChanged', applyLanguage);
  await instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    resources: { hu: { translation: hu } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  registerFormatters(instance);
  applyLanguage(currentLanguage(instance));
  return instance;
}
