import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A mail the shop sent, as the journeys' SMTP server received it (see e2e-server.ts). */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

const mailDir = path.resolve(process.env.E2E_MAIL_DIR ?? '.tmp/e2e-mail');

export function mailsTo(address: string): ReceivedMail[] {
  if (!existsSync(mailDir)) return [];
  return readdirSync(mailDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(mailDir, f), 'utf8')) as ReceivedMail)
    .filter((m) => m.to.includes(address.toLowerCase()));
}

/** Waits for the n-th mail (1-based) to an address and returns it. */
export async function waitForMail(address: string, count = 1, timeoutMs = 15_000): Promise<ReceivedMail> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailsTo(address);
    if (mails.length >= count) return mails[count - 1]!;
    if (Date.now() > end) throw new Error(`no mail number ${count} to ${address} arrived`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link in a mail whose path matches the pattern. */
export function linkIn(mail: ReceivedMail, pattern: RegExp): string {
  const links = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const link = links.find((l) => pattern.test(new URL(l).pathname));
  if (!link) throw new Error(`no link matching ${pattern} in mail "${mail.subject}"`);
  return link;
}
