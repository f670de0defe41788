import type account from './locales/hu/account.json';
import type cart from './locales/hu/cart.json';
import type catalog from './locales/hu/catalog.json';
import type content from './locales/hu/content.json';
import type feedback from './locales/hu/feedback.json';
import type translation from './locales/hu/translation.json';

/**
 * Every message of the shop (hu, the source language), all namespaces merged: keys are global,
 * `t('cart.title')` finds its namespace through i18next's `fallbackNS`.
 */
export type Messages = typeof translation &
  typeof feedback &
  typeof catalog &
  typeof cart &
  typeof account &
  typeof content;
