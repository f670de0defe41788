import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may point (issue 14 point 7, docs/decisions/0020-webhooks.md): http and https
 * only; loopback, link-local (cloud metadata), private, shared and other special ranges are refused
 * unless WEBHOOK_ALLOWED_NETWORKS lists them. The check is made on every address a host resolves to
 * when the endpoint is saved, and on the address actually connected to at delivery (a `lookup` of
 * our own on the request), so a DNS answer that changes later cannot bypass it.
 */

/** Ranges never reached unless allowed explicitly. */
const REFUSED_V4 = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const;
const REFUSED_V6 = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const;

const refused = new BlockList();
for (const [net, prefix] of REFUSED_V4) refused.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of REFUSED_V6) refused.addSubnet(net, prefix, 'ipv6');

export interface AllowedNetwork {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** `10.20.0.0/16` → its parts, or null when it is no CIDR. A bare address is a /32 or /128. */
export function parseCidr(text: string): AllowedNetwork | null {
  const [address = '', prefixText, ...rest] = text.trim().split('/');
  if (rest.length > 0) return null;
  const version = isIP(address);
  if (version === 0) return null;
  const max = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** The comma-separated CIDR list of WEBHOOK_ALLOWED_NETWORKS; throws naming the bad entry. */
export function parseAllowedNetworks(text: string | undefined): string[] {
  if (!text) return [];
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  for (const entry of entries) {
    if (!parseCidr(entry)) throw new Error(`"${entry}" is no CIDR (e.g. 10.20.0.0/16 or fd00::/8)`);
  }
  return entries;
}

function blockListOf(networks: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of networks) {
    const cidr = parseCidr(entry);
    if (cidr) list.addSubnet(cidr.address, cidr.prefix, cidr.family);
  }
  return list;
}

/** An IPv4-mapped IPv6 address is its IPv4 address: `::ffff:10.0.0.1` and `::ffff:a00:1` are 10.0.0.1. */
function normalise(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const dotted = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return { address: dotted[1]!, family: 'ipv4' };
  const hex = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return { address: [high >> 8, high & 255, low >> 8, low & 255].join('.'), family: 'ipv4' };
  }
  return { address, family: isIP(address) === 4 ? 'ipv4' : 'ipv6' };
}

export type TargetPolicy = (address: string) => boolean;

/** May a delivery connect to this address? Special ranges only when an allowed network holds it. */
export function targetPolicy(allowedNetworks: readonly string[]): TargetPolicy {
  const allowed = blockListOf(allowedNetworks);
  return (raw) => {
    if (isIP(raw) === 0) return false;
    const { address, family } = normalise(raw);
    // An IPv4-mapped form normalise did not read is refused rather than guessed.
    if (family === 'ipv6' && /^[0:]*:ffff:/i.test(address)) return false;
    if (allowed.check(address, family)) return true;
    return !refused.check(address, family);
  };
}

export class TargetRefusedError extends Error {
  constructor(readonly address: string) {
    super(`the address ${address} is not allowed as a webhook target (WEBHOOK_ALLOWED_NETWORKS)`);
    this.name = 'TargetRefusedError';
  }
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Every address the host resolves to (the literal itself for an IP address). */
export async function resolveAll(host: string): Promise<string[]> {
  if (isIP(host) !== 0) return [host];
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve(addresses.map((a) => a.address));
    });
  });
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request: resolves like Node does, then refuses (with TargetRefusedError)
 * when any resolved address is not allowed, so the socket only ever connects to a checked address.
 */
export function guardedLookup(policy: TargetPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const bad = addresses.find((a) => !policy(a.address));
      if (bad)
        return callback(Object.assign(new TargetRefusedError(bad.address), { code: 'EREFUSEDTARGET' }), []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}
