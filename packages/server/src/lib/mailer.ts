import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  cc?: string;
  /** The Message-ID header (`<...@...>`); the outbox gives every mail a stable one. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Where .eml files go when no SMTP server is configured. */
  outboxDir: string;
  log?: (message: string) => void;
}

/**
 * nodemailer with SMTP when SMTP_URL is set; otherwise every mail is written as an .eml file
 * into the outbox folder (and its links logged), so the demo works offline.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close() {
        transport.close();
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let counter = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      mkdirSync(options.outboxDir, { recursive: true });
      counter += 1;
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(options.outboxDir, `${Date.now()}-${process.pid}-${counter}-${safeTo}.eml`);
      writeFileSync(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      options.log?.(
        `mail to ${message.to} written to ${file}${links.length ? `; links: ${links.join(' ')}` : ''}`,
      );
    },
    close() {
      transport.close();
    },
  };
}
