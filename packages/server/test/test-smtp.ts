import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createMailer, type Mailer } from '../src/lib/mailer';

/** One mail as the test SMTP server received it, decoded. */
export interface ReceivedMail {
  /** Envelope sender and recipients. */
  from: string;
  to: string[];
  subject: string;
  /** The decoded text/plain part ('' when none). */
  text: string;
  /** The decoded text/html part ('' when none). */
  html: string;
  headers: Record<string, string>;
  raw: string;
}

export interface TestSmtp {
  /** smtp://127.0.0.1:PORT */
  url: string;
  port: number;
  /** Every mail accepted so far, oldest first. */
  messages: ReceivedMail[];
  /** A mailer sending to this server. */
  mailer: Mailer;
  /** While true, the server refuses every message with a 550 answer. */
  setFailing(failing: boolean): void;
  /** The mails to one recipient, oldest first. */
  mailsTo(address: string): ReceivedMail[];
  /** The newest mail to one recipient (throws when there is none). */
  lastMailTo(address: string): ReceivedMail;
  /** Waits until a mail matching the predicate arrives (resolves at once if one is there). */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port (or the given one) for tests: no TLS, no authentication; it keeps every
 * message it accepts, decoded (multipart, quoted-printable, base64, encoded-word subjects).
 */
export async function startTestSmtp(options: { port?: number } = {}): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters: { predicate: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  let failing = false;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failing) {
          const error = Object.assign(new Error('mailbox unavailable (test)'), { responseCode: 550 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = parseMail(raw, {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        });
        messages.push(mail);
        for (const waiter of [...waiters]) {
          if (waiter.predicate(mail)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  const url = `smtp://127.0.0.1:${port}`;
  const mailer = createMailer({ smtpUrl: url, from: 'Test Shop <shop@example.com>', outboxDir: '' });
  const mailsTo = (address: string): ReceivedMail[] => {
    const wanted = address.toLowerCase();
    return messages.filter((m) => m.to.some((to) => to.toLowerCase() === wanted));
  };

  return {
    url,
    port,
    messages,
    mailer,
    setFailing(value) {
      failing = value;
    },
    mailsTo,
    lastMailTo(address) {
      const mails = mailsTo(address);
      const last = mails[mails.length - 1];
      if (!last) throw new Error(`no mail to ${address}`);
      return last;
    },
    waitFor(predicate, timeoutMs = 10_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error('no matching mail arrived'));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    async close() {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/* ---------------------------------------------------------------- minimal MIME decoding */

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitHeaders(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function headerParam(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  const match = new RegExp(`${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeQuotedPrintable(input: string): Buffer {
  const soft = input.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i += 1) {
    const ch = soft[i]!;
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body).toString('utf8');
  return part.body;
}

/** RFC 2047 encoded words: =?UTF-8?B?...?= and =?UTF-8?Q?...?= */
export function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_whole, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function collectParts(part: Part, out: { text: string; html: string }): void {
  const type = (part.headers['content-type'] ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = headerParam(part.headers['content-type'], 'boundary');
    if (!boundary) return;
    const pieces = part.body.split(`--${boundary}`);
    for (const piece of pieces.slice(1)) {
      if (piece.startsWith('--')) break;
      collectParts(splitHeaders(piece.replace(/^\n/, '')), out);
    }
    return;
  }
  const decoded = decodeBody(part);
  if (type.startsWith('text/plain') && !out.text) out.text = decoded;
  else if (type.startsWith('text/html') && !out.html) out.html = decoded;
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const top = splitHeaders(raw);
  const out = { text: '', html: '' };
  collectParts(top, out);
  return {
    from: envelope.from,
    to: envelope.to,
    subject: decodeHeader(top.headers.subject ?? ''),
    text: out.text,
    html: out.html,
    headers: top.headers,
    raw,
  };
}

/** The first link in a mail's text that starts with the given prefix. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  const link = links.find((l) => l.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in mail "${mail.subject}"`);
  return link;
}
