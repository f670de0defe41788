import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fieldError, jsonResponse, renderAdmin } from '../../test/render-admin';
import WebhooksPage from './webhooks-page';

configure({ asyncUtilTimeout: 5000 });

const SECRET = `whsec_${'A'.repeat(43)}=`;

describe('webhooks page', { timeout: 60_000 }, () => {
  it('checks the form before sending, sends url, events and description, and shows the secret once', async () => {
    const user = userEvent.setup();
    const { calls } = await renderAdmin(<WebhooksPage />, (url, init) => {
      if (url === '/api/admin/webhooks' && (init.method ?? 'GET') === 'GET')
        return jsonResponse(200, { items: [] });
      if (url === '/api/admin/webhooks' && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { url: string; events: string[]; description: string };
        return jsonResponse(201, {
          id: 7,
          ...body,
          enabled: true,
          disabledReason: null,
          failingSince: null,
          previousSecretExpiresAt: null,
          createdAt: '2026-11-25T03:00:00.000Z',
          updatedAt: '2026-11-25T03:00:00.000Z',
          secret: SECRET,
        });
      }
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Új webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Új webhook' });
    const url = within(dialog).getByRole('textbox', { name: /^Cím \(URL\)/ });
    const create = () => user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }));
    await create();
    await waitFor(() => expect(fieldError(url)).toBe('Kötelező mező.'));
    expect(calls('POST', '/api/admin/webhooks')).toHaveLength(0);

    await user.type(url, 'https://erp.example.com/hooks/shop');
    await user.type(within(dialog).getByRole('textbox', { name: /^Leírás/ }), 'SAP');
    await user.click(within(dialog).getByRole('checkbox', { name: /order\.placed/ }));
    await create();
    await waitFor(() => expect(calls('POST', '/api/admin/webhooks')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST', '/api/admin/webhooks')[0]![1].body))).toEqual({
      url: 'https://erp.example.com/hooks/shop',
      description: 'SAP',
      events: ['order.placed'],
      enabled: true,
    });
    const secretDialog = await screen.findByRole('dialog', { name: 'Az aláíró kulcs' });
    expect((within(secretDialog).getByTestId('webhook-secret') as HTMLInputElement).value).toBe(SECRET);
  });
});
