import 'i18next';
import type { Messages } from './messages';

/** Typed `t()`: keys come from the source language files (hu), all namespaces merged. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}
