import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The status the receiver answered. */
  status: number;
  /** `Webhook.verify` (standardwebhooks) with the receiver's secret passed. */
  verified: boolean;
  /** The parsed body. */
  json: { type: string; timestamp: string; data: unknown };
}

export interface TestWebhookReceiver {
  /** http://127.0.0.1:PORT/hook */
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** The secret `Webhook.verify` uses (set after the endpoint is created). */
  secret: string | null;
  /** The statuses of the next answers, in order; 200 once they are used up. */
  answers: number[];
  waitFor(predicate: (r: ReceivedWebhook) => boolean, timeoutMs?: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

/**
 * A real HTTP webhook receiver on 127.0.0.1 for tests: it verifies every request with the
 * standardwebhooks package (as an ERP would) and answers the statuses it is told to.
 */
export async function startWebhookReceiver(): Promise<TestWebhookReceiver> {
  const waiters: { predicate: (r: ReceivedWebhook) => boolean; resolve: (r: ReceivedWebhook) => void }[] = [];
  const receiver: TestWebhookReceiver = {
    url: '',
    port: 0,
    received: [],
    secret: null,
    answers: [],
    waitFor(predicate, timeoutMs = 10_000) {
      const found = receiver.received.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no such webhook arrived in time')), timeoutMs);
        waiters.push({
          predicate,
          resolve: (r) => {
            clearTimeout(timer);
            resolve(r);
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified = false;
      if (receiver.secret) {
        try {
          new Webhook(receiver.secret).verify(body, request.headers as Record<string, string>);
          verified = true;
        } catch {
          verified = false;
        }
      }
      const status = receiver.answers.shift() ?? 200;
      const entry: ReceivedWebhook = {
        headers: request.headers,
        body,
        status,
        verified,
        json: JSON.parse(body) as ReceivedWebhook['json'],
      };
      receiver.received.push(entry);
      response.writeHead(status, { 'content-type': 'text/plain' }).end(String(status));
      for (const waiter of [...waiters]) {
        if (waiter.predicate(entry)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(entry);
        }
      }
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hook`;
  return receiver;
}
