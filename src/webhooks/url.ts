import { lookup as dnsLookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";

interface Address {
  address: string;
  family: 4 | 6;
}

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export interface UrlPolicy {
  /** Development and tests: http and non-public addresses allowed, never the cloud metadata addresses. */
  allowPrivateNetworks: boolean;
  resolve?: Resolver;
}

/** Why a URL may not be called, in words for a 400 or a delivery's lastError. */
export class UnsafeUrlError extends Error {
  override name = "UnsafeUrlError";
}

const defaultResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

function blockList(v4: string[], v6: string[]): BlockList {
  const list = new BlockList();
  for (const subnet of v4) list.addSubnet(subnet.split("/")[0]!, Number(subnet.split("/")[1]), "ipv4");
  for (const subnet of v6) list.addSubnet(subnet.split("/")[0]!, Number(subnet.split("/")[1]), "ipv6");
  return list;
}

const METADATA = blockList(["169.254.169.254/32"], ["fd00:ec2::254/128"]);

/**
 * The kinds of address only WEBHOOK_ALLOW_PRIVATE_NETWORKS allows, by the name a refusal gives them; the first
 * that matches names it. Then an IPv6 address that embeds IPv4 ones is what they are, and one outside
 * global unicast (2000::/3) is reserved.
 */
const NON_PUBLIC: [string, BlockList][] = [
  ["a loopback", blockList(["127.0.0.0/8"], ["::1/128"])],
  ["an unspecified", blockList(["0.0.0.0/8"], ["::/128"])],
  ["a private", blockList(["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10"], [])],
  ["a link-local", blockList(["169.254.0.0/16"], ["fe80::/10"])],
  ["a unique-local", blockList([], ["fc00::/7"])],
  ["a site-local", blockList([], ["fec0::/10"])],
  ["a local-use NAT64", blockList([], ["64:ff9b:1::/48"])],
  ["a multicast", blockList(["224.0.0.0/4"], ["ff00::/8"])],
  ["a broadcast", blockList(["255.255.255.255/32"], [])],
  ["a documentation", blockList(["192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24"], ["2001:db8::/32", "3fff::/20"])],
  ["a benchmarking", blockList(["198.18.0.0/15"], ["2001:2::/48"])],
  ["a discard-only", blockList([], ["100::/64"])],
  ["a Teredo", blockList([], ["2001::/32"])],
  // IETF protocol assignments, the former 6to4 relay anycast, 240/4; SRv6 segment identifiers.
  ["a reserved", blockList(["192.0.0.0/24", "192.88.99.0/24", "240.0.0.0/4"], ["2001::/23", "5f00::/16"])],
];

const GLOBAL_UNICAST = blockList([], ["2000::/3"]);

/** The 16 bytes of an IPv6 address (as isIP takes it; a zone index is left out). */
function ipv6Bytes(address: string): number[] {
  let text = address.replace(/%.*$/, "");
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const gap = tail === undefined ? [] : Array<string>(8 - groups(head).length - groups(tail).length).fill("0");
  return [...groups(head), ...gap, ...groups(tail)].map((group) => parseInt(group, 16)).flatMap((group) => [group >> 8, group & 0xff]);
}

const ipv4 = (bytes: number[]): string => bytes.join(".");
const startsWith = (bytes: number[], prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);
const zeros = (n: number): number[] => Array<number>(n).fill(0);

/** The prefixes of the /96 forms whose last 32 bits are an IPv4 address. */
const IPV4_IN_LAST_32_BITS = [
  [...zeros(10), 0xff, 0xff], // ::ffff:0:0/96, IPv4-mapped
  [...zeros(8), 0xff, 0xff, 0, 0], // ::ffff:0:0:0/96, IPv4-translated
  zeros(12), // ::/96, IPv4-compatible
  [0, 0x64, 0xff, 0x9b, ...zeros(8)], // 64:ff9b::/96, NAT64
];

/** The IPv4 addresses an IPv6 address stands for, where a translation or tunnel would take a connection. */
function embeddedIPv4(address: string): string[] {
  const bytes = ipv6Bytes(address);
  if (IPV4_IN_LAST_32_BITS.some((prefix) => startsWith(bytes, prefix))) return [ipv4(bytes.slice(12))];
  if (startsWith(bytes, [0x20, 0x02])) return [ipv4(bytes.slice(2, 6))]; // 2002::/16, 6to4: bits 16-47
  if (startsWith(bytes, [0x20, 0x01, 0, 0])) return [ipv4(bytes.slice(12).map((byte) => byte ^ 0xff))]; // 2001::/32, Teredo: the client, obfuscated
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, 0, 1])) {
    // 64:ff9b:1::/48, local-use NAT64, with any RFC 6052 prefix length it allows (the IPv4 address skips byte 8).
    return [48, 56, 64, 96].map((length) => ipv4([...bytes.slice(length / 8, 8), ...bytes.slice(Math.max(9, length / 8))].slice(0, 4)));
  }
  return [];
}

const matches = (list: BlockList, address: string) => list.check(address.replace(/%.*$/, ""), isIP(address) === 4 ? "ipv4" : "ipv6");

/** The kind of a non-public address (and the IPv4 address it embeds that makes it one), or null for a public one. */
function nonPublicKind(address: string): [string, string | null] | null {
  const kind = NON_PUBLIC.find(([, list]) => matches(list, address));
  if (kind) return [kind[0], null];
  if (isIP(address) === 4) return null;
  const embedded = embeddedIPv4(address);
  for (const inner of embedded) {
    const innerKind = nonPublicKind(inner);
    if (innerKind) return [innerKind[0], inner];
  }
  return embedded.length > 0 || matches(GLOBAL_UNICAST, address) ? null : ["a reserved", null];
}

/** Why the service may not connect to this address; null when it may. */
// BlockList matches an IPv4-mapped IPv6 address (::ffff:10.0.0.1) against the IPv4 subnets too; other embedded forms are looked at here.
export function refusal(address: string, allowPrivateNetworks: boolean): string | null {
  const embedding = (inner: string | null | undefined) => (inner ? `${address}, which embeds ${inner}` : address);
  if (matches(METADATA, address)) return `the host resolves to a cloud metadata address (${address})`;
  const metadata = isIP(address) === 6 ? embeddedIPv4(address).find((inner) => matches(METADATA, inner)) : undefined;
  if (metadata) return `the host resolves to a cloud metadata address (${embedding(metadata)})`;
  if (allowPrivateNetworks) return null;
  const kind = nonPublicKind(address);
  if (!kind) return null;
  return `the host resolves to ${kind[0]} address (${embedding(kind[1])})`;
}

/** The URL's form: https (http too when private networks are allowed), no credentials. Its host is not looked at. */
export function webhookUrl(raw: string, allowPrivateNetworks: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError("not a valid URL");
  }
  const schemes = allowPrivateNetworks ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol)) throw new UnsafeUrlError(allowPrivateNetworks ? "the URL must use https or http" : "the URL must use https");
  if (url.username || url.password) throw new UnsafeUrlError("the URL must not carry credentials");
  return url;
}

/** The host of a URL, an IPv6 address without its brackets. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, "$1");

/** The addresses `host` resolves to (an IP address: itself), every one allowed. */
export async function allowedAddresses(host: string, { allowPrivateNetworks, resolve = defaultResolver }: UrlPolicy): Promise<Address[]> {
  const answers = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host).catch(() => []);
  if (answers.length === 0) throw new UnsafeUrlError(`the host ${host} cannot be resolved`);
  for (const { address } of answers) {
    const reason = refusal(address, allowPrivateNetworks);
    if (reason) throw new UnsafeUrlError(reason);
  }
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

/**
 * A delivery's URL: its form, and its host when it is an IP address (Node connects to one without a
 * lookup; checkingLookup checks the others' addresses at each new connection).
 */
export function deliveryUrl(raw: string, allowPrivateNetworks: boolean): URL {
  const url = webhookUrl(raw, allowPrivateNetworks);
  const host = hostOf(url);
  const reason = isIP(host) ? refusal(host, allowPrivateNetworks) : null;
  if (reason) throw new UnsafeUrlError(reason);
  return url;
}

/** Checks a webhook URL (at registration): its form, and every address its host resolves to allowed. */
export async function checkUrl(raw: string, policy: UrlPolicy): Promise<void> {
  await allowedAddresses(hostOf(webhookUrl(raw, policy.allowPrivateNetworks)), policy);
}

/**
 * The lookup of a delivery's connections: resolves the host and answers its addresses only when every
 * one is allowed (else the connection fails with the refusal), so that the connection goes where the
 * check looked, DNS having no second say. Called for each new connection, not for a kept-alive one,
 * which goes to an address checked when it opened. Node calls no lookup for an IP address: check those first.
 */
export function checkingLookup(policy: UrlPolicy): LookupFunction {
  return (host, options, callback) => {
    allowedAddresses(host, policy).then(
      (addresses) => (options.all ? callback(null, addresses) : callback(null, addresses[0]!.address, addresses[0]!.family)),
      (error: Error) => callback(error, ""),
    );
  };
}
