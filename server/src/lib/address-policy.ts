import { BlockList, isIP } from 'node:net';

/** Why an address is not one of the public internet's, in the words an error message uses. */
export type AddressKind = 'unspecified' | 'loopback' | 'link-local' | 'private' | 'shared (carrier-grade NAT)' | 'multicast' | 'reserved';

type Subnet = [network: string, prefix: number];

const IPV4: Record<AddressKind, Subnet[]> = {
  unspecified: [['0.0.0.0', 8]],
  loopback: [['127.0.0.0', 8]],
  'link-local': [['169.254.0.0', 16]],
  private: [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16]],
  'shared (carrier-grade NAT)': [['100.64.0.0', 10]],
  multicast: [['224.0.0.0', 4]],
  // Protocol assignments, documentation and benchmarking networks, 240/4 and the broadcast address.
  reserved: [['192.0.0.0', 24], ['192.0.2.0', 24], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['240.0.0.0', 4]],
};

const IPV6: Record<AddressKind, Subnet[]> = {
  unspecified: [['::', 128]],
  loopback: [['::1', 128]],
  'link-local': [['fe80::', 10]],
  // Unique local addresses, and the site-local ones they replaced.
  private: [['fc00::', 7], ['fec0::', 10]],
  'shared (carrier-grade NAT)': [],
  multicast: [['ff00::', 8]],
  // IPv4-compatible addresses (deprecated) and the documentation prefix.
  reserved: [['::', 96], ['2001:db8::', 32]],
};

/**
 * IPv6 forms that carry an IPv4 address (IPv4-mapped ::ffff:a.b.c.d, and NAT64's 64:ff9b::a.b.c.d)
 * reach that IPv4 address: each IPv4 range is refused in those forms too.
 */
const IPV4_IN_IPV6_PREFIXES = ['::ffff:', '64:ff9b::'];

/** Checked in this order: the first kind that matches names the address (::1 is loopback before it is IPv4-compatible). */
const KINDS = Object.keys(IPV4) as AddressKind[];

const blockLists = new Map<AddressKind, BlockList>(
  KINDS.map((kind) => {
    const list = new BlockList();
    for (const [network, prefix] of IPV4[kind]) {
      list.addSubnet(network, prefix, 'ipv4');
      for (const embedding of IPV4_IN_IPV6_PREFIXES) list.addSubnet(`${embedding}${network}`, 96 + prefix, 'ipv6');
    }
    for (const [network, prefix] of IPV6[kind]) list.addSubnet(network, prefix, 'ipv6');
    return [kind, list];
  }),
);

/** What kind of non-public address `address` (an IP literal) is, or undefined for a public one. */
export function nonPublicAddressKind(scopedAddress: string): AddressKind | undefined {
  // A resolver may answer a link-local IPv6 address with its zone (fe80::1%eth0).
  const address = scopedAddress.replace(/%.*$/, '');
  const family = isIP(address);
  if (family === 0) throw new Error(`not an IP address: ${address}`);
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return KINDS.find((kind) => blockLists.get(kind)!.check(address, type));
}
