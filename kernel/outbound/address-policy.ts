import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which IP addresses a server-side fetch may reach. Anything that is not global unicast is refused
 * by default, so website diagnostics cannot be turned into a probe of the server's own network
 * (cloud metadata at 169.254.169.254, the database on 127.0.0.1, the office LAN, …).
 */
export type AddressCategory = 'public' | 'unspecified' | 'loopback' | 'private' | 'shared' | 'link_local' | 'unique_local' | 'multicast' | 'reserved';

type Rule = [prefix: string, bits: number, category: Exclude<AddressCategory, 'public'>];

const V4_RULES: Rule[] = [
  ['0.0.0.0', 8, 'unspecified'], // "this network"; 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'], // carrier-grade NAT
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link_local'], // includes cloud metadata services
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'], // documentation
  ['192.88.99.0', 24, 'reserved'], // 6to4 relay anycast
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'], // benchmarking
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // includes the broadcast address
];

function v4ToNumber(address: string): number {
  return address.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
}

function classifyV4(value: number): AddressCategory {
  for (const [prefix, bits, category] of V4_RULES) {
    const shift = 32 - bits;
    if (Math.floor(value / 2 ** shift) === Math.floor(v4ToNumber(prefix) / 2 ** shift)) return category;
  }
  return 'public';
}

/** The 128-bit value of an IPv6 address (zone id dropped, dotted IPv4 tail allowed). */
function v6ToBigInt(address: string): bigint {
  let text = address.split('%')[0]!.toLowerCase();
  if (text.includes('.')) {
    const cut = text.lastIndexOf(':') + 1;
    const v4 = v4ToNumber(text.slice(cut));
    text = `${text.slice(0, cut)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((n, g) => (n << 16n) | BigInt(`0x${g}`), 0n);
}

const inV6 = (value: bigint, prefix: string, bits: number) => value >> BigInt(128 - bits) === v6ToBigInt(prefix) >> BigInt(128 - bits);
const embeddedV4 = (value: bigint, shift: number) => Number((value >> BigInt(shift)) & 0xffffffffn);

function classifyV6(value: bigint): AddressCategory {
  if (value === 0n) return 'unspecified';
  if (value === 1n) return 'loopback';
  // Forms that carry an IPv4 address reach that address: judge it by the IPv4 rules.
  if (inV6(value, '::ffff:0:0', 96)) return classifyV4(embeddedV4(value, 0));
  if (inV6(value, '64:ff9b::', 96)) return classifyV4(embeddedV4(value, 0)); // NAT64
  if (inV6(value, '2002::', 16)) return classifyV4(embeddedV4(value, 80)); // 6to4
  if (inV6(value, 'fe80::', 10)) return 'link_local';
  if (inV6(value, 'fec0::', 10)) return 'private'; // deprecated site-local
  if (inV6(value, 'fc00::', 7)) return 'unique_local';
  if (inV6(value, 'ff00::', 8)) return 'multicast';
  if (inV6(value, '2001:db8::', 32)) return 'reserved'; // documentation
  // Only 2000::/3 is global unicast; the rest (IPv4-compatible ::/96, discard 100::/64, …) is not.
  return inV6(value, '2000::', 3) ? 'public' : 'reserved';
}

/** The category of an IP address literal; throws on something that is not one. */
export function classifyAddress(address: string): AddressCategory {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  if (isIPv4(bare)) return classifyV4(v4ToNumber(bare));
  if (isIPv6(bare)) return classifyV6(v6ToBigInt(bare));
  throw new Error(`not an IP address: ${address}`);
}
