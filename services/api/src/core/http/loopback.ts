import { isIPv4 } from 'node:net';

/**
 * Whether a socket's peer address is this machine's loopback (127.0.0.0/8, ::1, or 127.x mapped
 * into IPv6). Only the socket's own address counts: headers such as X-Forwarded-For are written
 * by the client and prove nothing.
 */
export function isLoopbackAddress(address: string | undefined | null): boolean {
  if (!address) return false;
  if (address === '::1') return true;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return isIPv4(v4) && v4.startsWith('127.');
}
