import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: for emailed links, customers' links and refresh cookies. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token. */
export function sha256Hex(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A fresh token to hand out, and the hash of it to store. */
export function newHashedToken(): { token: string; tokenHash: string } {
  const token = randomToken();
  return { token, tokenHash: sha256Hex(token) };
}
