import 'i18next';
import type hu from './locales/hu.json';

/** Typed `t()`: keys come from the source language file (hu). */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof hu };
  }
}
