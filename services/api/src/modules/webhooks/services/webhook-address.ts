import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Ranges no webhook may reach (SSRF): private, shared, link-local, unique-local, reserved. */
const NEVER = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  NEVER.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['64:ff9b:1::', 48],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NEVER.addSubnet(net, bits, 'ipv6');
}
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as its IPv4 address. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/** Why `address` may not be called; null when it is a public address (or allowed loopback). */
export function refusedAddress(address: string, allowLoopback: boolean): string | null {
  const { address: a, family } = unmapped(address);
  if (LOOPBACK.check(a, family)) return allowLoopback ? null : `${address} is a loopback address`;
  if (NEVER.check(a, family)) return `${address} is a private or reserved address`;
  return null;
}

export class WebhookUrlRefused extends Error {}

/**
 * Checks an endpoint's URL: https (http too when loopback is allowed, for development), no
 * credentials, and a host whose every address is public. Throws WebhookUrlRefused with the reason.
 */
export async function checkWebhookUrl(raw: string, allowLoopback: boolean): Promise<URL> {
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(allowLoopback && url.protocol === 'http:')) {
    throw new WebhookUrlRefused('The URL must start with https://');
  }
  if (url.username || url.password) {
    throw new WebhookUrlRefused('The URL must not carry a user name or password');
  }
  await resolvePublic(url.hostname, allowLoopback);
  return url;
}

/** Every address of `host`, each checked; a host that does not resolve is refused too. */
export async function resolvePublic(
  host: string,
  allowLoopback: boolean,
): Promise<{ address: string; family: number }[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(bare)) {
    addresses = [{ address: bare, family: isIP(bare) }];
  } else {
    try {
      addresses = await dnsLookup(bare, { all: true, verbatim: true });
    } catch {
      throw new WebhookUrlRefused(`${host} does not resolve`);
    }
  }
  if (!addresses.length) throw new WebhookUrlRefused(`${host} does not resolve`);
  for (const { address } of addresses) {
    const reason = refusedAddress(address, allowLoopback);
    if (reason) throw new WebhookUrlRefused(`${host} is refused: ${reason}`);
  }
  return addresses;
}
