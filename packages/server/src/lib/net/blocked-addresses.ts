/**
 * The addresses the SSRF guard (ssrf.ts) never connects to: loopback, private, shared (CGNAT), link-local
 * (incl. the 169.254.169.254 metadata service), multicast, reserved and documentation ranges, for IPv4
 * and IPv6 (ULA, link-local, IPv4-mapped, NAT64, 6to4).
 */
import { BlockList, isIP } from 'node:net';

const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const BLOCKED_V6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['::', 96] /* IPv4-compatible */,
  ['::ffff:0:0', 96] /* IPv4-mapped, any */,
  ['::ffff:0:0:0', 96] /* IPv4-translated */,
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48] /* NAT64 */,
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16] /* 6to4 */,
  ['3fff::', 20] /* documentation */,
  ['5f00::', 16] /* SRv6 SIDs */,
  ['fc00::', 7] /* ULA */,
  ['fe80::', 10] /* link-local */,
  ['fec0::', 10],
  ['ff00::', 8],
];
// Two lists: a BlockList holding an IPv6 rule over mapped space would also match every IPv4 address.
const blockedV4 = new BlockList();
for (const [net, prefix] of BLOCKED_V4) blockedV4.addSubnet(net, prefix, 'ipv4');
const blockedV6 = new BlockList();
for (const [net, prefix] of BLOCKED_V6) blockedV6.addSubnet(net, prefix, 'ipv6');

/** True for any address the server must not connect to on a user's behalf (and for non-addresses). */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return family === 4 ? blockedV4.check(address, 'ipv4') : blockedV6.check(address, 'ipv6');
}
