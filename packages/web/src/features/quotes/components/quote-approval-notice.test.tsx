import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuoteDetail } from '@shop/shared/contracts/quotes';
import { createI18n } from '../../../i18n/i18n';
import { authStore } from '../../../lib/auth-store';
import { validToken } from '../../../test/tokens';
import { QuoteApprovalNotice } from './quote-approval-notice';

const QUOTE: QuoteDetail = {
  id: 12,
  status: 'offered',
  customerId: 7,
  customerName: 'Lotus Market Kft.',
  requestedByName: 'Kovács Réka',
  createdAt: '2026-04-15T08:00:00.000Z',
  validUntil: '2026-04-30',
  lineCount: 1,
  totalGross: 2_398_800,
  orderId: null,
  message: '',
  wishedDeliveryDate: null,
  staffMessage: 'Különár',
  answeredByName: 'Kiss Júlia',
  answeredAt: '2026-04-15T09:00:00.000Z',
  rejectReason: null,
  decidedAt: null,
  lines: [],
  canAnswer: false,
  canAccept: true,
  approvalId: null,
};

async function show(quote: QuoteDetail, language: 'hu' | 'zh' = 'hu') {
  const i18n = await createI18n({ language, namespaces: 'all' });
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <QuoteApprovalNotice quote={quote} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** The quote page's approval notice (issue 15, docs/product.md §5.12). */
describe('QuoteApprovalNotice', () => {
  afterEach(() => authStore.logout());

  it('says a waiting quote was sent for approval, with the request number and a link to it', async () => {
    authStore.login(validToken({ companyRole: 'requester' }));
    await show({ ...QUOTE, status: 'pending_approval', canAccept: false, approvalId: 31 });
    const notice = screen.getByTestId('quote-sent-for-approval');
    expect(notice.textContent).toContain('Jóváhagyásra elküldve');
    expect(notice.textContent).toContain('#31');
    expect(screen.getByRole('link', { name: 'A kérés megtekintése' }).getAttribute('href')).toBe(
      '/profile/approvals/31',
    );
  });

  it('in Chinese too', async () => {
    await show({ ...QUOTE, status: 'pending_approval', canAccept: false, approvalId: 31 }, 'zh');
    expect(screen.getByTestId('quote-sent-for-approval').textContent).toContain('已提交审批');
  });

  it('tells a requester before accepting that it goes for approval; not an owner, a buyer or an agent', async () => {
    authStore.login(validToken({ companyRole: 'requester' }));
    const requester = await show(QUOTE);
    expect(screen.getByTestId('quote-needs-approval').textContent).toContain(
      'Ön igénylőként nem rendel egyedül',
    );
    requester.unmount();

    for (const claims of [
      { companyRole: 'owner' },
      { companyRole: 'buyer' },
      { isAgent: true, companyRole: null },
    ]) {
      authStore.login(validToken(claims));
      const view = await show(QUOTE);
      expect(screen.queryByTestId('quote-needs-approval'), JSON.stringify(claims)).toBeNull();
      expect(screen.queryByTestId('quote-sent-for-approval')).toBeNull();
      view.unmount();
    }
  });

  it('shows nothing for a quote that cannot be accepted and does not wait', async () => {
    authStore.login(validToken({ companyRole: 'requester' }));
    const { container } = await show({ ...QUOTE, status: 'accepted', canAccept: false, orderId: 5 });
    expect(container.innerHTML).toBe('');
  });
});
