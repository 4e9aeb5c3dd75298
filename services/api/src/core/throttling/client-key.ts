import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client a rate limit counts: an IPv4 address as it is, an IPv6 address by its /64 network.
 * One IPv6 customer line holds a whole /64, so counting single addresses would give one client
 * billions of fresh budgets.
 */
export function clientKey(ip: string | undefined | null): string {
  if (!ip) return 'unknown';
  const mapped = ip.toLowerCase().startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  if (isIPv4(mapped)) return mapped;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? front
      : [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
