import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@shop/shared/i18n/languages';
import { currentLanguage } from '../i18n/i18n';

/**
 * Back-office texts live outside the shop's locale files: the shared ones in `admin/i18n/*.json`
 * (namespace `admin`), each section's in `admin/sections/<section>/i18n/*.json` (namespace
 * `admin-<section>`). A namespace is loaded with the screen that uses it, in the shown language.
 */
export type MessageModule = { default: Record<string, unknown> };
export type MessageLoaders = Record<Language, () => Promise<MessageModule>>;

/** A translate function of one admin namespace (keys are not typed like the shop's). */
export type AdminT = (key: string, options?: Record<string, unknown>) => string;

/**
 * The loaders of a section's message files from `import.meta.glob('./i18n/*.json')`, checked to
 * have all four languages.
 */
export function messageLoaders(glob: Record<string, () => Promise<unknown>>): MessageLoaders {
  const byLanguage: Partial<MessageLoaders> = {};
  for (const [file, load] of Object.entries(glob)) {
    const language = /([a-z]{2})\.json$/.exec(file)?.[1];
    if (language && (LANGUAGES as readonly string[]).includes(language)) {
      byLanguage[language as Language] = load as () => Promise<MessageModule>;
    }
  }
  const missing = LANGUAGES.filter((language) => !byLanguage[language]);
  if (missing.length > 0) throw new Error(`admin messages missing for ${missing.join(', ')}`);
  return byLanguage as MessageLoaders;
}

/**
 * Loads the namespace's messages for the shown language (and hu, the fallback) and answers its
 * translate function; `ready` is false until they are there.
 */
export function useAdminMessages(namespace: string, loaders: MessageLoaders): { t: AdminT; ready: boolean } {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const [, setLoaded] = useState(0);
  const ready = i18n.hasResourceBundle(language, namespace) && i18n.hasResourceBundle('hu', namespace);
  useEffect(() => {
    if (ready) return;
    let cancelled = false;
    const wanted = language === 'hu' ? (['hu'] as const) : ([language, 'hu'] as const);
    void Promise.all(
      wanted.map(async (lang) => {
        if (i18n.hasResourceBundle(lang, namespace)) return;
        const module = await loaders[lang]();
        i18n.addResourceBundle(lang, namespace, module.default, true, true);
      }),
    ).then(() => {
      if (!cancelled) setLoaded((n) => n + 1);
    });
    return () => {
      cancelled = true;
    };
  }, [i18n, language, namespace, loaders, ready]);
  const t = useMemo(
    () => (i18n.getFixedT as (lng: string, ns: string) => unknown)(language, namespace) as AdminT,
    // A new function after loading, so memoised children translate again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n, language, namespace, ready],
  );
  return { t, ready };
}

/** The shared back-office texts (login, layout, navigation, common buttons, tables). */
export const adminMessageLoaders: MessageLoaders = messageLoaders(import.meta.glob('./i18n/*.json'));

export function useAdminCommonMessages() {
  return useAdminMessages('admin', adminMessageLoaders);
}
