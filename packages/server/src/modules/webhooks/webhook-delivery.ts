import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { isWebhookUrl } from '@shop/shared/contracts/admin-webhooks';
import type { AppContext } from '../../app-context';
import { runWrite } from '../../db/group-commit';
import type { OutboxRow } from '../outbox/outbox.repository';
import { enqueue, OutboxGiveUp, wakeOutbox, webhookPayloadSchema } from '../outbox/outbox.service';
import { webhookDisabledMail } from './webhook-mails';
import { guardedLookup, hostOf, TargetRefusedError, targetPolicy } from './webhook-target';
import * as repo from './webhooks.repository';

/** A 2xx answer within this long counts as delivered (issue 14 point 6). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The secrets that sign now: the current one, and the previous one during the rotation overlap. */
export function signingSecrets(
  endpoint: { secret: string; previous_secret: string | null; previous_secret_expires_at: string | null },
  now: Date,
): string[] {
  const secrets = [endpoint.secret];
  if (
    endpoint.previous_secret &&
    endpoint.previous_secret_expires_at &&
    new Date(endpoint.previous_secret_expires_at).getTime() > now.getTime()
  ) {
    secrets.push(endpoint.previous_secret);
  }
  return secrets;
}

/** Standard Webhooks headers; one `v1,` signature per secret, separated by a space. */
export function signedHeaders(
  webhookId: string,
  at: Date,
  body: string,
  secrets: readonly string[],
): Record<string, string> {
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(webhookId, at, body)).join(' '),
  };
}

/**
 * POSTs the body and answers the status code. Connects only to an address the policy allows (an IP
 * literal is checked here, a host name in the lookup, on the address actually connected to); no
 * redirects are followed; a new connection each time, so a changed setting applies at once.
 */
export function postWebhook(
  urlText: string,
  body: string,
  headers: Record<string, string>,
  allowedNetworks: readonly string[],
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<number> {
  const url = new URL(urlText);
  const policy = targetPolicy(allowedNetworks);
  const host = hostOf(url);
  if (isIP(host) !== 0 && !policy(host)) return Promise.reject(new TargetRefusedError(host));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        agent: false,
        lookup: guardedLookup(policy),
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'wholesale-shop-webhooks/1',
          ...headers,
        },
      },
      (response) => {
        clearTimeout(timer);
        // The answer's body is not needed; read it away so the socket closes cleanly.
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`)),
      timeoutMs,
    );
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/**
 * The outbox's delivery of a webhook row (docs/decisions/0020-webhooks.md): signs the stored body
 * with the endpoint's secret(s) and POSTs it. A 2xx is delivered; 410 disables the endpoint at once;
 * anything else (or no answer) is a failed attempt the outbox retries, until the endpoint has been
 * failing for OUTBOX_GIVE_UP_MS, when it is disabled. A disabled endpoint's administrators get a mail.
 */
export async function deliverWebhook(ctx: AppContext, row: OutboxRow): Promise<void> {
  const { deliveryId } = webhookPayloadSchema.parse(JSON.parse(row.payload ?? 'null'));
  const delivery = await repo.findDeliveryForSend(ctx.database.db, deliveryId);
  if (!delivery) throw new OutboxGiveUp('the webhook endpoint was deleted');
  if (delivery.enabled !== 1) throw new OutboxGiveUp('the webhook endpoint is disabled');
  if (!isWebhookUrl(delivery.url)) throw new OutboxGiveUp('the webhook URL is not http(s)');

  const now = ctx.now();
  const headers = signedHeaders(delivery.webhook_id, now, delivery.payload, signingSecrets(delivery, now));
  let status: number | null = null;
  let failure: string | null = null;
  try {
    status = await postWebhook(delivery.url, delivery.payload, headers, ctx.config.webhookAllowedNetworks);
    if (status < 200 || status > 299) failure = `HTTP ${status}`;
  } catch (error) {
    failure = errorText(error);
  }
  const at = ctx.now().toISOString();

  if (failure === null) {
    await runWrite(ctx.database, async (trx) => {
      await repo.recordAttempt(trx, deliveryId, { statusCode: status, error: null, at, delivered: true });
      await repo.clearFailing(trx, delivery.endpoint_id);
    });
    return;
  }

  const failingSince = delivery.failing_since ?? at;
  const reason: 'gone' | 'failing' | null =
    status === 410
      ? 'gone'
      : new Date(at).getTime() - new Date(failingSince).getTime() >= ctx.config.outbox.giveUpMs
        ? 'failing'
        : null;
  const disabled = await runWrite(ctx.database, async (trx) => {
    await repo.recordAttempt(trx, deliveryId, { statusCode: status, error: failure, at, delivered: false });
    await repo.markFailing(trx, delivery.endpoint_id, at);
    if (!reason || !(await repo.disableEndpoint(trx, delivery.endpoint_id, reason, at))) return false;
    const link = `${ctx.config.publicUrl}/admin/webhooks`;
    for (const admin of await repo.activeAdministrators(trx)) {
      const mail = webhookDisabledMail(admin.language, delivery.url, reason, link);
      await enqueue(ctx, trx, { kind: 'mail', mail: { to: admin.email, ...mail } });
    }
    return true;
  });
  if (disabled) wakeOutbox(ctx);
  if (reason === 'gone') throw new OutboxGiveUp(`${failure} (410 Gone: the endpoint is disabled)`);
  if (reason === 'failing')
    throw new OutboxGiveUp(`${failure} (failing for too long: the endpoint is disabled)`);
  throw new Error(failure);
}
