import { act, render, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, loadMessages } from './i18n';

/**
 * Issue 20: translated components re-render when the language changes or when the missing-key
 * fallback has loaded every namespace, not each time a lazy screen loads its own namespace (that
 * synchronous re-render of the whole page was a long task right after hydration).
 */
function Probe({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation();
  return <p data-testid="probe">{t(messageKey as 'app.name')}</p>;
}

describe('i18n re-renders', () => {
  it('does not re-render mounted components when a lazy screen loads its namespace', async () => {
    const i18n = await createI18n({ language: 'hu' });
    let renders = 0;
    render(
      <Profiler id="probe" onRender={() => (renders += 1)}>
        <Probe messageKey="header.login" />
      </Profiler>,
    );
    expect(screen.getByTestId('probe').textContent).toBe('Bejelentkezés');
    const before = renders;
    await act(async () => {
      await loadMessages('account', 'cart');
    });
    expect(i18n.hasResourceBundle('hu', 'account')).toBe(true);
    expect(renders).toBe(before);
  });

  it('shows a key of a namespace nobody loaded once the fallback has loaded everything', async () => {
    await createI18n({ language: 'en' });
    render(<Probe messageKey="orderLists.loading" />);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('Loading lists…'));
  });

  it('does not re-render in a loop for a key that no namespace holds once everything is loaded', async () => {
    await createI18n({ language: 'hu', namespaces: 'all' });
    let renders = 0;
    render(
      <Profiler id="probe" onRender={() => (renders += 1)}>
        <Probe messageKey="nowhere.toBeFound" />
      </Profiler>,
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    expect(screen.getByTestId('probe').textContent).toBe('nowhere.toBeFound');
    expect(renders).toBe(1);
  });

  it('re-renders mounted components with the new language', async () => {
    const i18n = await createI18n({ language: 'hu' });
    render(<Probe messageKey="header.login" />);
    await act(async () => {
      await i18n.changeLanguage('zh');
    });
    expect(screen.getByTestId('probe').textContent).toBe('登录');
  });
});
