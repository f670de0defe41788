/**
 * Playwright's web server for the browser journeys: a real SMTP server (smtp-server) that stores
 * every received mail as JSON in E2E_MAIL_DIR, and the built shop (packages/server/dist/server.js)
 * on a fresh demo database with production's Node flags (SERVER_NODE_FLAGS), sending its mail to that
 * SMTP server.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { SERVER_NODE_FLAGS } from '../../../server/src/node-flags';

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data');
const mailDir = path.resolve(process.env.E2E_MAIL_DIR ?? '.tmp/e2e-mail');
rmSync(dataDir, { recursive: true, force: true });
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });

let counter = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        counter += 1;
        const record = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          receivedAt: new Date().toISOString(),
        };
        writeFileSync(
          path.join(mailDir, `${Date.now()}-${String(counter).padStart(4, '0')}.json`),
          JSON.stringify(record),
        );
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});

smtp.listen(0, '127.0.0.1', () => {
  const port = (smtp.server.address() as AddressInfo).port;
  const shop = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'packages/server/dist/server.js'], {
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${port}`, DEMO_DATA: 'true' },
  });
  const stop = (signal: NodeJS.Signals) => {
    shop.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  shop.on('exit', (code) => {
    smtp.close(() => process.exit(code ?? 0));
  });
});
