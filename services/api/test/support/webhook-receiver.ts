import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The body as parsed by `Webhook#verify` (throws on a bad signature, so every one is checked). */
  payload: { type: string; timestamp: string; data: Record<string, unknown> } | null;
  verified: boolean;
}

/**
 * A receiver of webhooks on loopback: each path answers the statuses queued for it (200 once they
 * run out) and keeps what it received, with the signature checked by `standardwebhooks` against
 * the secret registered for the path.
 */
export interface WebhookReceiver {
  url(path: string): string;
  /** The endpoint's secret, so every request to `path` is verified with it. */
  secret(path: string, secret: string): void;
  answer(path: string, ...statuses: number[]): void;
  received(path: string): ReceivedWebhook[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const secrets = new Map<string, string>();
  const answers = new Map<string, number[]>();
  const log: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, String(v)]),
      );
      let payload: ReceivedWebhook['payload'] = null;
      let verified = false;
      const secret = secrets.get(path);
      if (secret) {
        try {
          payload = new Webhook(secret).verify(body, headers) as ReceivedWebhook['payload'];
          verified = true;
        } catch {
          verified = false;
        }
      }
      log.push({ path, headers, body, payload, verified });
      const status = answers.get(path)?.shift() ?? 200;
      if (status >= 300 && status < 400) res.setHeader('location', 'https://example.com/');
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    secret: (path, secret) => secrets.set(path, secret),
    answer: (path, ...statuses) => answers.set(path, [...(answers.get(path) ?? []), ...statuses]),
    received: (path) => log.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
