// Which addresses an outbound fetch may connect to: only public unicast ones.
// Every special-purpose block of the IANA IPv4 and IPv6 registries is refused
// (loopback, private, shared/CGNAT, link-local, ULA, multicast, documentation,
// benchmarking, reserved, "this network"), and IPv6 addresses that carry an
// IPv4 address are judged by it (IPv4-mapped and IPv4-compatible) or refused
// outright when a translator would choose where they go (NAT64, 6to4, Teredo).
// Addresses are compared as parsed numbers (node:net BlockList), never as
// text, so no spelling ([::ffff:7f00:1], [::ffff:127.0.0.1], 0x7f.1) slips by.
import { BlockList, isIPv4, isIPv6 } from 'node:net';

const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.31.196.0', 24], // AS112
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // AS112 direct delegation
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

const V6_BLOCKED: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 well-known prefix: a translator picks the IPv4 host
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo 2001::/32 among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: the IPv4 host is inside the address, reached through a relay
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing SIDs
  ['fc00::', 7], // unique local (ULA)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const blocked = new BlockList();
for (const [net, prefix] of V4_BLOCKED) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of V6_BLOCKED) blocked.addSubnet(net, prefix, 'ipv6');

/** An IPv6 address without its zone (`fe80::1%eth0`): cut at the first `%`, not by a pattern (linear). */
const withoutZone = (ip: string) => {
  const at = ip.indexOf('%');
  return at < 0 ? ip : ip.slice(0, at);
};

/** The 16 bytes of an IPv6 address (any textual form node accepts). */
function ipv6Bytes(ip: string): number[] {
  let text = withoutZone(ip.toLowerCase());
  // A dotted IPv4 tail becomes two hex groups.
  const dotted = /(?<!\d)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, dotted.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === null ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.flatMap((g) => {
    const n = parseInt(g || '0', 16);
    return [n >> 8, n & 0xff];
  });
}

/** The IPv4 address an IPv6 address carries for direct use (IPv4-mapped ::ffff:0:0/96, IPv4-compatible ::/96), or null. */
function embeddedIpv4(ip: string): string | null {
  const b = ipv6Bytes(ip);
  const zeros = b.slice(0, 10).every((x) => x === 0);
  const mapped = zeros && b[10] === 0xff && b[11] === 0xff;
  const compatible = zeros && b[10] === 0 && b[11] === 0;
  return mapped || compatible ? b.slice(12).join('.') : null;
}

/** True when an outbound connection to this literal IP address is allowed. */
export function isPublicAddress(ip: string): boolean {
  if (isIPv4(ip)) return !blocked.check(ip, 'ipv4');
  if (!isIPv6(ip)) return false;
  const v4 = embeddedIpv4(ip);
  if (v4 !== null) return isPublicAddress(v4);
  return !blocked.check(withoutZone(ip), 'ipv6');
}
