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

/** The kinds of address only WEBHOOK_ALLOW_PRIVATE_NETWORKS allows, by the name a refusal gives them. */
const NON_PUBLIC: [string, BlockList][] = [
  ["a loopback", blockList(["127.0.0.0/8"], ["::1/128"])],
  ["an unspecified", blockList(["0.0.0.0/8"], ["::/128"])],
  ["a private", blockList(["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10"], [])],
  ["a link-local", blockList(["169.254.0.0/16"], ["fe80::/10"])],
  ["a unique-local", blockList([], ["fc00::/7"])],
  ["a multicast", blockList(["224.0.0.0/4"], ["ff00::/8"])],
  ["a reserved", blockList(["240.0.0.0/4"], [])],
];

/** Why the service may not connect to this address; null when it may. */
// BlockList matches an IPv4-mapped IPv6 address (::ffff:10.0.0.1) against the IPv4 subnets too.
export function refusal(address: string, allowPrivateNetworks: boolean): string | null {
  const type = isIP(address) === 4 ? "ipv4" : "ipv6";
  if (METADATA.check(address, type)) return `the host resolves to a cloud metadata address (${address})`;
  if (allowPrivateNetworks) return null;
  const kind = NON_PUBLIC.find(([, list]) => list.check(address, type));
  if (!kind) return null;
  return `the host resolves to ${kind[0]} address (${address})`;
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
