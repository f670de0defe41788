import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { adminLogIn } from './support/admin';
import { axeViolations } from './support/axe';
import { desktopWithoutOverlays, screenshotsInto } from './support/screens';

/**
 * Issue 14: an administrator adds a webhook pointing at a receiver this test starts, sends a test
 * event and sees it delivered in the log; the receiver got it and verified it with standardwebhooks.
 */

const SHOTS = '/tmp/shots/webhooks';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  verified: boolean;
}

let server: Server;
let receiverUrl = '';
let secret = '';
const received: Received[] = [];

test.beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: boolean;
      try {
        new Webhook(secret).verify(body, request.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      received.push({ headers: request.headers, body, verified });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/erp/hooks`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test.beforeEach(desktopWithoutOverlays);

/** The window (what a visitor sees first) at 1440 and 390 px: /tmp/shots/webhooks/<name>-<language>-<width>.png. */
const shoot = screenshotsInto(SHOTS, { fullPage: false });

/** The outbox page (titled `heading`) lists the sent webhook under its `sentTab`; axe, then `shot`. */
async function expectSentWebhook(page: Page, heading: string, sentTab: RegExp, shot: string): Promise<void> {
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await page.getByRole('tab', { name: sentTab }).click();
  await expect(page.getByRole('row', { name: /webhook\.test/ }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, shot);
}

test('an administrator adds a webhook, sends a test event and sees it delivered in the log', async ({
  page,
}) => {
  // Many screens, axe on each and screenshots at two widths in two languages.
  test.setTimeout(300_000);
  await adminLogIn(page);
  await page
    .getByRole('navigation', { name: 'A háttériroda részei' })
    .getByRole('link', { name: 'Webhookok' })
    .click();
  await expect(page.getByRole('heading', { name: 'Webhookok' })).toBeVisible();

  await page.getByRole('button', { name: 'Új webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Új webhook' });
  await dialog.getByRole('textbox', { name: /^Cím \(URL\)/ }).fill(receiverUrl);
  await dialog.getByRole('textbox', { name: /^Leírás/ }).fill('ERP próba');
  await dialog.getByRole('checkbox', { name: /order\.placed/ }).check();
  await dialog.getByRole('checkbox', { name: /order\.status_changed/ }).check();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'webhook-dialog-hu');
  await dialog.getByRole('button', { name: 'Létrehozás' }).click();

  // The secret is shown once.
  const secretDialog = page.getByRole('dialog', { name: 'Az aláíró kulcs' });
  secret = await secretDialog.getByTestId('webhook-secret').inputValue();
  expect(secret).toMatch(/^whsec_/);
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'webhook-secret-hu');
  await secretDialog.getByRole('button', { name: 'Kész' }).click();
  const row = page.getByRole('row', { name: new RegExp(receiverUrl.replace(/[.?]/g, '\\$&')) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Bekapcsolva');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'webhooks-hu');

  // A test event through the outbox: the receiver verifies it, the log shows it delivered.
  await row.getByRole('button', { name: `${receiverUrl} kézbesítési naplója` }).click();
  const log = page.getByRole('dialog', { name: `Kézbesítési napló: ${receiverUrl}` });
  await expect(log.getByText('Erre a végpontra még nem ment semmi.')).toBeVisible();
  await log.getByRole('button', { name: 'Tesztesemény küldése' }).click();
  await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
  expect(received[0]!.verified).toBe(true);
  const event = JSON.parse(received[0]!.body) as { type: string };
  expect(event.type).toBe('webhook.test');
  const delivery = log.getByRole('row', { name: /webhook\.test/ });
  await expect(delivery).toContainText('Kézbesítve', { timeout: 15_000 });
  await expect(delivery).toContainText(String(received[0]!.headers['webhook-id']));
  await expect(delivery).toContainText('204');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'webhook-log-hu');

  // Resend: the same webhook-id again.
  await delivery.getByRole('button', { name: /újraküldése/ }).click();
  await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
  expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
  expect(received[1]!.verified).toBe(true);
  await log.getByRole('button', { name: 'Bezárás' }).click();

  // The outbox page: the sent webhook is listed.
  await page
    .getByRole('navigation', { name: 'A háttériroda részei' })
    .getByRole('link', { name: 'Kimenő üzenetek' })
    .click();
  await expectSentWebhook(page, 'Kimenő üzenetek', /^Elküldve/, 'outbox-hu');

  // The same screens in Chinese.
  await page.evaluate(() => localStorage.setItem('language', 'zh'));
  await page.goto('/admin/webhooks');
  await expect(page.getByRole('heading', { name: 'Webhook' })).toBeVisible();
  await expect(page.getByRole('row', { name: /已启用/ })).toBeVisible();
  await shoot(page, 'webhooks-zh');
  await page.getByRole('button', { name: `${receiverUrl} 的投递日志` }).click();
  await expect(
    page
      .getByRole('dialog', { name: `投递日志：${receiverUrl}` })
      .getByText('已送达')
      .first(),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'webhook-log-zh');
  await page.getByRole('button', { name: '关闭' }).click();
  await page.getByRole('button', { name: '新建 Webhook' }).click();
  await expect(page.getByRole('dialog', { name: '新建 Webhook' })).toBeVisible();
  await shoot(page, 'webhook-dialog-zh');
  await page.keyboard.press('Escape');
  await page.goto('/admin/outbox');
  await expectSentWebhook(page, '发件队列', /^已发送/, 'outbox-zh');

  // Delete with confirmation (back to Hungarian).
  await page.evaluate(() => localStorage.setItem('language', 'hu'));
  await page.goto('/admin/webhooks');
  await page.getByRole('button', { name: `${receiverUrl} törlése` }).click();
  const confirm = page.getByRole('dialog', { name: 'Webhook törlése' });
  await confirm.getByRole('button', { name: 'Törlés' }).click();
  await expect(page.getByText('Még nincs webhook.')).toBeVisible();
});
