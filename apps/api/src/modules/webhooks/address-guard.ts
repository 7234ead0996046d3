import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may be sent (decision 147): only to public addresses. A user gives the URL, so the
 * server must not be made to call itself, its private network or a cloud metadata service. The
 * name is resolved here, every address it resolves to is checked, and the request is then pinned
 * to the checked address (`pinnedLookup`), so a second resolution (DNS rebinding) cannot move it.
 */
// Two lists: a BlockList checks an IPv4 address against IPv6 rules too (as IPv4-mapped), so one list
// holding ::ffff:0:0/96 would refuse every IPv4 address.
const refusedV4 = new BlockList();
const refusedV6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (and some clouds' metadata, e.g. 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, with 169.254.169.254 (the metadata service)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  refusedV4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::ffff:0:0', 96], // IPv4-mapped: would reach any IPv4 address, private ones included
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64: likewise an IPv4 address in disguise
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID…)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local (with AWS's metadata fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  refusedV6.addSubnet(network, prefix, 'ipv6');
}

/** Whether `address` (an IP literal) is one a webhook may be sent to. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !refusedV4.check(address, 'ipv4') : !refusedV6.check(address, 'ipv6');
}

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));

export class RefusedAddressError extends Error {}

/**
 * Resolves the URL's host and returns the one address to connect to: refused when the name does not
 * resolve, or when any address it resolves to is not public (unless `allowPrivate`, which only
 * tests and local development set). Checked before every attempt, never cached.
 */
export async function checkedAddress(url: URL, options: { allowPrivate: boolean; resolve?: Resolver }): Promise<ResolvedAddress> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RefusedAddressError('only http and https addresses are called');
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(host);
    } catch {
      throw new RefusedAddressError(`the name ${host} does not resolve`);
    }
  }
  if (!addresses.length) throw new RefusedAddressError(`the name ${host} does not resolve`);
  if (!options.allowPrivate) {
    const bad = addresses.find((entry) => !isPublicAddress(entry.address));
    if (bad) throw new RefusedAddressError(`${host} resolves to ${bad.address}, a loopback, private, link-local or reserved address`);
  }
  return addresses[0]!;
}

/** A `lookup` for http(s).request that answers only the address already checked. */
export function pinnedLookup(pinned: ResolvedAddress) {
  return (
    _hostname: string,
    options: { all?: boolean },
    callback: (error: NodeJS.ErrnoException | null, address: string | { address: string; family: number }[], family?: number) => void,
  ) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
}
