import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { resolvePublic } from './webhook-address.js';

/** What one attempt came to: the HTTP status, or none (refused address, timeout, no connection). */
export interface SendResult {
  status: number | null;
  error: string | null;
}

export interface SignedMessage {
  url: string;
  secret: string;
  messageId: string;
  body: string;
}

/** The Standard Webhooks headers for `body`, signed now (receivers refuse stale timestamps). */
export function signedHeaders(
  message: Omit<SignedMessage, 'url'>,
  at = new Date(),
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Slotwise-Webhooks/1.0',
    'webhook-id': message.messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(message.secret).sign(message.messageId, at, message.body),
  };
}

/**
 * A DNS lookup that checks every address again at delivery (a name may resolve elsewhere since
 * the endpoint was added: DNS rebinding), and connects only to one that passed.
 */
function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublic(hostname, allowLoopback).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

/**
 * POSTs one signed message. Redirects are not followed (a 3xx is a failure, as the spec says),
 * the answer's body is read and dropped, and an attempt longer than `timeoutMs` fails.
 */
export async function sendWebhook(
  message: SignedMessage,
  options: { allowLoopback: boolean; timeoutMs: number },
): Promise<SendResult> {
  let url: URL;
  try {
    url = new URL(message.url);
  } catch {
    return { status: null, error: 'The endpoint URL is not valid' };
  }
  if (url.protocol !== 'https:' && !(options.allowLoopback && url.protocol === 'http:')) {
    return { status: null, error: 'The endpoint URL must start with https://' };
  }
  // A literal IP skips the lookup: check it here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  try {
    await resolvePublic(host, options.allowLoopback);
  } catch (error) {
    return { status: null, error: (error as Error).message };
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: signedHeaders(message),
        lookup: guardedLookup(options.allowLoopback),
        timeout: options.timeoutMs,
        agent: false,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? null, error: null }));
        response.on('error', () => resolve({ status: response.statusCode ?? null, error: null }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer in ${options.timeoutMs} ms`)));
    request.on('error', (error) => resolve({ status: null, error: error.message }));
    request.end(message.body);
  });
}
