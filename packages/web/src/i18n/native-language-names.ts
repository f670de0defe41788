import type { Language } from '@shop/shared/i18n/languages';

/** Each language in its own name, shown the same whatever the current language is. */
export const NATIVE_LANGUAGE_NAMES: Record<Language, string> = {
  hu: 'Magyar',
  en: 'English',
  vi: 'Tiếng Việt',
  zh: '中文',
};
