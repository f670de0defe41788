import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { DatabaseHandle } from '../../db/connection';
import type { Database } from '../../db/schema';
import type { MailMessage } from '../../lib/mailer';
import * as repo from './outbox.repository';

/**
 * The transactional outbox (docs/decisions/0019-outbox.md). A service writes the message it
 * promises with `enqueue(ctx, trx, message)` in the transaction of the change that causes it, so
 * the change and the message are stored together or not at all; after the commit it calls
 * `wakeOutbox(ctx)` so this process's dispatcher delivers at once. Services never call the mailer.
 */
export type OutboxMessage =
  | { kind: 'mail'; mail: Omit<MailMessage, 'messageId'> }
  /** A webhook delivery (modules/webhooks): the row points to it; it carries the body and webhook-id. */
  | { kind: 'webhook'; deliveryId: number; url: string; eventType: string };

/** A webhook row's payload. */
export const webhookPayloadSchema = z.object({ deliveryId: z.number().int() });

/**
 * Thrown by a delivery that must not be tried again (a webhook endpoint that answered 410 or was
 * disabled): the row is marked failed at once instead of being rescheduled.
 */
export class OutboxGiveUp extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboxGiveUp';
  }
}

/** A mail row's payload: the rendered mail with its stable Message-ID. */
export const mailPayloadSchema = z.object({
  to: z.string().min(1),
  cc: z.string().optional(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  messageId: z.string().min(3),
});

/** `Name <user@domain>` or `user@domain` → domain (localhost when there is none). */
function mailDomain(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = address.slice(address.lastIndexOf('@') + 1).trim();
  return /^[A-Za-z0-9.-]+$/.test(domain) && address.includes('@') ? domain : 'localhost';
}

export async function enqueue(
  ctx: Pick<AppContext, 'config' | 'now'>,
  trx: Kysely<Database>,
  message: OutboxMessage,
): Promise<{ id: number; messageId: string }> {
  const messageId = randomUUID();
  if (message.kind === 'webhook') {
    const id = await repo.insertMessage(trx, {
      kind: 'webhook',
      messageId,
      target: message.url,
      topic: message.eventType,
      payload: JSON.stringify({ deliveryId: message.deliveryId } satisfies z.infer<
        typeof webhookPayloadSchema
      >),
      now: ctx.now().toISOString(),
    });
    return { id, messageId };
  }
  const mail = message.mail;
  const payload: z.infer<typeof mailPayloadSchema> = {
    ...mail,
    // Stable over every attempt, so a receiver can drop a second copy (RFC 5322 Message-ID).
    messageId: `<${messageId}@${mailDomain(ctx.config.mailFrom)}>`,
  };
  const id = await repo.insertMessage(trx, {
    kind: 'mail',
    messageId,
    target: mail.cc ? `${mail.to}, ${mail.cc}` : mail.to,
    topic: mail.subject,
    payload: JSON.stringify(payload),
    now: ctx.now().toISOString(),
  });
  return { id, messageId };
}

const wakers = new WeakMap<DatabaseHandle, Set<() => void>>();

/** The dispatchers of this process register here, so a committed change can wake them. */
export function onOutboxWake(database: DatabaseHandle, wake: () => void): () => void {
  let set = wakers.get(database);
  if (!set) {
    set = new Set();
    wakers.set(database, set);
  }
  set.add(wake);
  return () => set.delete(wake);
}

/** Call after the commit of a transaction that enqueued: the dispatcher looks at once. */
export function wakeOutbox(ctx: Pick<AppContext, 'database'>): void {
  for (const wake of wakers.get(ctx.database) ?? []) wake();
}
