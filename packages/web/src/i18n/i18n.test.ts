import { describe, expect, it } from 'vitest';
import { createI18n, currentLanguage, storedLanguage } from './i18n';

describe('i18n', () => {
  it('defaults to hu and keeps the chosen language in localStorage and <html lang>', async () => {
    const i18n = await createI18n();
    expect(currentLanguage(i18n)).toBe('hu');
    expect(i18n.t('header.login')).toBe('Bejelentkezés');
    await i18n.changeLanguage('zh');
    expect(i18n.t('header.login')).toBe('登录');
    expect(localStorage.getItem('language')).toBe('zh');
    expect(document.documentElement.lang).toBe('zh');
    expect(storedLanguage()).toBe('zh');
  });

  it('loads a non-hu language before it resolves', async () => {
    localStorage.setItem('language', 'en');
    const i18n = await createI18n();
    expect(i18n.t('footer.legalInformation')).toBe('Legal information');
  });

  it('falls back to hu for a key a language lacks', async () => {
    const i18n = await createI18n({ language: 'en' });
    i18n.addResource('hu', 'translation', 'probe.onlyHu', 'csak magyarul');
    expect(i18n.t('probe.onlyHu' as 'app.name')).toBe('csak magyarul');
  });

  it('formats numbers hu-HU, money in Ft and dates YYYY.MM.DD HH:MM:SS in every language', async () => {
    const i18n = await createI18n({ language: 'en' });
    i18n.addResource(
      'en',
      'translation',
      'probe.values',
      '{{n, number}} | {{m, money}} | {{w, weight}} | {{d, datetime}}',
    );
    const text = i18n.t(
      'probe.values' as 'app.name',
      {
        n: 12345.6789,
        m: 1234567,
        w: 12345,
        d: new Date(2026, 0, 2, 3, 4, 5),
      } as Record<string, unknown>,
    );
    expect(text.replace(/\s/g, ' ')).toBe('12 345,679 | 12 346 Ft | 12,345 kg | 2026.01.02 03:04:05');
  });
});
