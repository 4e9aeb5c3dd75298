// A fake Twilio REST API on loopback for tests: what the official SDK calls to send and list SMS,
// counting what it receives. Used by the API's integration tests (through
// services/api/test/support/fake-twilio.ts) and by the process-level tests in tests/e2e.
import { createHmac, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
  status: string;
  dateCreated: Date;
  dateSent: Date;
}

export interface FakeTwilioHold {
  /** Resolves once `count` (default 1) held sends have arrived. */
  arrived(count?: number): Promise<FakeTwilioMessage[]>;
  release(): void;
}

export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  messages: FakeTwilioMessage[];
  requests: { method: string; path: string; query: string }[];
  env(from?: string): Record<string, string>;
  failNext(count: number, status?: number, code?: number, message?: string): void;
  hold(): FakeTwilioHold;
  to(to: string): FakeTwilioMessage[];
  reportStatus(
    message: FakeTwilioMessage,
    status: string,
    options?: { via?: string; errorCode?: number | string },
  ): Promise<Response>;
  nextRequest(): Promise<void>;
  close(): Promise<void>;
}

const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

/** RFC 2822, as Twilio writes dates. */
const rfc2822 = (d: Date) => d.toUTCString().replace('GMT', '+0000');

/**
 * X-Twilio-Signature as Twilio computes it: base64 HMAC-SHA1 (auth token) of the full URL followed
 * by every POST parameter's name and value, sorted by name.
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string> = {},
): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/**
 * The request Twilio would make to a StatusCallback URL: form-encoded parameters and their
 * signature. `url` is the callback URL as Twilio knows it (PUBLIC_URL + path + query).
 */
export function signedStatusCallback({
  authToken,
  url,
  params,
}: {
  authToken: string;
  url: string;
  params: Record<string, string>;
}): { body: string; headers: Record<string, string> } {
  return {
    body: new URLSearchParams(params).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(authToken, url, params),
    },
  };
}

/**
 * Posts a signed status callback to `callbackUrl` (as Twilio would), or to the same path and
 * query on `via` (e.g. the test stack's origin when the URL names the public one).
 */
export function postStatusCallback({
  authToken,
  callbackUrl,
  params,
  via,
}: {
  authToken: string;
  callbackUrl: string;
  params: Record<string, string>;
  via?: string;
}): Promise<Response> {
  const target = via
    ? new URL(new URL(callbackUrl).pathname + new URL(callbackUrl).search, via)
    : callbackUrl;
  const { body, headers } = signedStatusCallback({ authToken, url: callbackUrl, params });
  return fetch(target, { method: 'POST', headers, body });
}

/**
 * An incoming SMS as Twilio posts it to a number's messaging webhook (form-encoded, signed with
 * the auth token over `url`, the webhook URL as configured at Twilio). A wrong `authToken` forges
 * it.
 */
export function signedInboundMessage({
  authToken,
  url,
  from,
  to = '+61400000000',
  body,
  sid = `SM${randomBytes(16).toString('hex')}`,
  accountSid = `AC${'0'.repeat(32)}`,
}: {
  authToken: string;
  url: string;
  from: string;
  to?: string;
  body: string;
  sid?: string;
  accountSid?: string;
}): { body: string; headers: Record<string, string>; sid: string } {
  const params = {
    ToCountry: 'AU',
    SmsMessageSid: sid,
    NumMedia: '0',
    SmsSid: sid,
    SmsStatus: 'received',
    Body: body,
    To: to,
    NumSegments: '1',
    MessageSid: sid,
    AccountSid: accountSid,
    From: from,
    FromCountry: 'AU',
    ApiVersion: '2010-04-01',
  };
  return { ...signedStatusCallback({ authToken, url, params }), sid };
}

/**
 * Posts an incoming SMS to `url` (as Twilio would), or to its path on `via` (the test stack's
 * origin when `url` names the public one). Resolves with the fetch Response.
 */
export function postInboundMessage(
  options: Parameters<typeof signedInboundMessage>[0] & { via?: string },
): Promise<Response> {
  const { via, ...message } = options;
  const target = via ? new URL(new URL(message.url).pathname, via) : message.url;
  const { body, headers } = signedInboundMessage(message);
  return fetch(target, { method: 'POST', headers, body });
}

interface Hold {
  arrived: FakeTwilioMessage[];
  waiters: (() => void)[];
  released: Promise<void>;
}

export async function startFakeTwilio(
  options: { accountSid?: string; authToken?: string } = {},
): Promise<FakeTwilio> {
  const accountSid = options.accountSid ?? `AC${randomBytes(16).toString('hex')}`;
  const authToken = options.authToken ?? randomBytes(16).toString('hex');
  /** Every message accepted (also those whose answer is held), oldest first. */
  const messages: FakeTwilioMessage[] = [];
  /** Every request received: { method, path, query }. */
  const requests: FakeTwilio['requests'] = [];
  const failures: { status: number; code: number; message: string }[] = [];
  let holding: Hold | null = null;
  const waitingForRequest: (() => void)[] = [];

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-twilio');
    requests.push({ method: req.method ?? '', path: url.pathname, query: url.search });
    for (const w of waitingForRequest.splice(0)) w();
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const match = MESSAGES_PATH.exec(url.pathname);
    if (!match) return send(404, { code: 20404, message: 'Not found', status: 404 });
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (match[1] !== accountSid || req.headers.authorization !== expected) {
      return send(401, { code: 20003, message: 'Authenticate', status: 401 });
    }
    if (req.method === 'GET') {
      const to = url.searchParams.get('To');
      const after = url.searchParams.get('DateSent>');
      const found = messages
        .filter((m) => !to || m.to === to)
        .filter((m) => !after || m.dateSent > new Date(after))
        .reverse();
      return send(200, {
        messages: found.map(resource),
        page: 0,
        page_size: found.length,
        first_page_uri: url.pathname,
        next_page_uri: null,
        previous_page_uri: null,
        uri: url.pathname + url.search,
        start: 0,
        end: Math.max(0, found.length - 1),
      });
    }
    if (req.method !== 'POST') return send(405, { code: 20004, message: 'Method not allowed' });
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const form = new URLSearchParams(raw);
    const failure = failures.shift();
    if (failure) {
      return send(failure.status, {
        code: failure.code,
        message: failure.message,
        more_info: `https://www.twilio.com/docs/errors/${failure.code}`,
        status: failure.status,
      });
    }
    const now = new Date();
    // Kept as the SDK sent them (a missing field stays null, as in the wire format).
    const message = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      to: form.get('To'),
      from: form.get('From'),
      body: form.get('Body'),
      statusCallback: form.get('StatusCallback'),
      status: 'queued',
      dateCreated: now,
      dateSent: now,
    } as FakeTwilioMessage;
    messages.push(message);
    if (holding) {
      // Recorded as accepted, but the answer waits: a test can kill the sender meanwhile.
      const hold = holding;
      hold.arrived.push(message);
      for (const w of hold.waiters.splice(0)) w();
      await Promise.race([hold.released, once(res, 'close')]);
      if (res.destroyed || res.writableEnded) return;
    }
    send(201, resource(message));
  });

  function resource(m: FakeTwilioMessage) {
    return {
      account_sid: accountSid,
      api_version: '2010-04-01',
      body: m.body,
      date_created: rfc2822(m.dateCreated),
      date_sent: rfc2822(m.dateSent),
      date_updated: rfc2822(m.dateCreated),
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: m.from,
      messaging_service_sid: null,
      num_media: '0',
      num_segments: '1',
      price: null,
      price_unit: 'USD',
      sid: m.sid,
      status: m.status,
      subresource_uris: {},
      to: m.to,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${m.sid}.json`,
    };
  }

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    accountSid,
    authToken,
    messages,
    requests,
    /** The SDK settings for the worker (TWILIO_API_URL points the real SDK here). */
    env(from = '+61400000000') {
      return {
        TWILIO_ACCOUNT_SID: accountSid,
        TWILIO_AUTH_TOKEN: authToken,
        TWILIO_FROM_NUMBER: from,
        TWILIO_API_URL: url,
      };
    },
    /** The next `count` sends answer `status` with a Twilio error (500 by default). */
    failNext(count, status = 500, code = status >= 500 ? 20500 : 21211, message) {
      for (let i = 0; i < count; i += 1) {
        failures.push({
          status,
          code,
          message:
            message ?? (status >= 500 ? 'Internal Server Error' : "The 'To' number is not valid."),
        });
      }
    },
    /**
     * From now on, sends are recorded but not answered until `release()`. `arrived()` resolves
     * once `count` held sends have come in.
     */
    hold() {
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      const hold: Hold = { arrived: [], waiters: [], released };
      holding = hold;
      return {
        arrived: async (count = 1) => {
          while (hold.arrived.length < count) await new Promise<void>((r) => hold.waiters.push(r));
          return hold.arrived.slice(0, count);
        },
        release() {
          if (holding === hold) holding = null;
          release();
        },
      };
    },
    /**
     * Tells the message's StatusCallback URL that its status changed (signed with this fake's
     * auth token), sending it to `via` when given. Resolves with the fetch Response.
     */
    reportStatus(message, status, { via, errorCode } = {}) {
      if (!message.statusCallback) throw new Error(`message ${message.sid} has no StatusCallback`);
      message.status = status;
      return postStatusCallback({
        authToken,
        callbackUrl: message.statusCallback,
        via,
        params: {
          AccountSid: accountSid,
          From: message.from,
          To: message.to,
          MessageSid: message.sid,
          SmsSid: message.sid,
          MessageStatus: status,
          SmsStatus: status,
          ApiVersion: '2010-04-01',
          ...(errorCode ? { ErrorCode: String(errorCode) } : {}),
        },
      });
    },
    /** Messages to `to` (E.164). */
    to(to) {
      return messages.filter((m) => m.to === to);
    },
    /** Resolves at the next request received. */
    nextRequest() {
      return new Promise((r) => waitingForRequest.push(r));
    },
    async close() {
      holding = null;
      server.closeAllConnections();
      server.close();
      await once(server, 'close').catch(() => undefined);
    },
  };
}
