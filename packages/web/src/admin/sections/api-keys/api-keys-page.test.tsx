import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fieldError, jsonResponse, renderAdmin } from '../../test/render-admin';
import ApiKeysPage from './api-keys-page';

configure({ asyncUtilTimeout: 5000 });

describe('new API key dialog', { timeout: 60_000 }, () => {
  it('shows a missing or too long name under the name field without sending', async () => {
    const user = userEvent.setup();
    const { calls } = await renderAdmin(<ApiKeysPage />, (url) =>
      url === '/api/admin/integration/api-keys' ? jsonResponse(200, { items: [] }) : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Új kulcs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Új API-kulcs' });
    const name = within(dialog).getByRole('textbox', { name: /^Megnevezés/ });
    const create = () => user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }));
    await create();
    await waitFor(() => expect(fieldError(name)).toBe('Kötelező mező.'));
    await user.click(name);
    await user.paste('x'.repeat(101));
    expect(fieldError(name)).toBeNull();
    await create();
    await waitFor(() => expect(fieldError(name)).toBe('Megnevezés: legfeljebb 100 karakter adható meg.'));
    expect(calls('POST', '/api/admin/integration/api-keys')).toHaveLength(0);
  });
});
