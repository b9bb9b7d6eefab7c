import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * Whether an image address loads (issue 23), asked without reading the image: a HEAD request
 * (a GET closed at its headers where HEAD is refused), bounded in time, following at most a few
 * redirects. It never connects to a loopback, private, link-local or other non-public address:
 * the address a name resolves to is checked in the connection's own lookup, so a name that
 * resolves elsewhere between a check and the connection cannot slip through, and a literal IP
 * is checked before anything. Written small and on its own on purpose; a shared safe fetcher
 * (the supplier feeds') could take its place.
 */

export interface ImageFetchOptions {
  timeoutMs: number;
  maxRedirects: number;
  /** Which resolved addresses may be connected to (tests allow loopback). */
  allowAddress?: (address: string) => boolean;
}

export interface ImageAnswer {
  broken: boolean;
  /** What was seen, for the record: 'HTTP 200', 'HTTP 404', 'timed out', 'private address'. */
  detail: string;
}

/** Public unicast addresses only: not loopback, private, CGNAT, link-local, unique-local, multicast, reserved or unspecified. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  if (net.isIPv4(ip)) {
    const [a, b] = ip.split('.').map(Number) as [number, number];
    return !(
      a === 0 || a === 10 || a === 127 || a >= 224 ||
      (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && (b === 168 || b === 0)) || (a === 198 && (b === 18 || b === 19))
    );
  }
  if (!net.isIPv6(ip)) return false;
  const lower = ip.toLowerCase();
  // Any other IPv4-mapped or -translated form, and the local, unique-local, link-local and multicast ranges.
  return !(lower === '::' || lower === '::1' || lower.startsWith('::ffff:') || lower.startsWith('64:ff9b:') || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || lower.startsWith('ff'));
}

class RefusedAddress extends Error {}

/** The connection's DNS lookup, refusing a name that resolves to any address not allowed. */
function checkedLookup(allow: (address: string) => boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { family: options.family, hints: options.hints, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      if (!addresses.length || addresses.some((a) => !allow(a.address))) return callback(new RefusedAddress('private address'), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function requestOnce(url: URL, method: 'HEAD' | 'GET', options: ImageFetchOptions, allow: (address: string) => boolean) {
  return new Promise<{ status: number; location?: string }>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, { method, lookup: checkedLookup(allow), timeout: options.timeoutMs, headers: { 'user-agent': 'Bosun image check', accept: 'image/*' } }, (res) => {
      // Only the status matters: the body is never read.
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      res.destroy();
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

export async function checkImageAddress(address: string, options: ImageFetchOptions): Promise<ImageAnswer> {
  const allow = options.allowAddress ?? isPublicAddress;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { broken: true, detail: 'not an address' };
  }
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { broken: true, detail: 'not an http(s) address' };
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && !allow(host)) return { broken: true, detail: 'private address' };
    try {
      let answer = await requestOnce(url, 'HEAD', options, allow);
      if (answer.status === 405 || answer.status === 501) answer = await requestOnce(url, 'GET', options, allow);
      if (answer.status >= 300 && answer.status < 400 && answer.location && redirects < options.maxRedirects) {
        url = new URL(answer.location, url);
        continue;
      }
      return { broken: answer.status < 200 || answer.status >= 300, detail: `HTTP ${answer.status}` };
    } catch (err) {
      return { broken: true, detail: err instanceof RefusedAddress ? 'private address' : (err as Error).message.slice(0, 200) };
    }
  }
}
