import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import fs from 'node:fs';
import http, { STATUS_CODES, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { nonPublicAddressKind } from './address-policy.js';
import { gunzipStage, GzipError } from './gunzip-stream.js';

/** How a supplier's server wants to be signed in to: HTTP basic auth, or one header carrying a token. */
export type FeedCredentials = { kind: 'basic'; username: string; password: string } | { kind: 'header'; name: string; value: string };

export interface SafeFetchOptions {
  url: string;
  /** The file the body is streamed to; removed when the fetch fails. */
  destination: string;
  credentials?: FeedCredentials;
  maxBytes: number;
  /** The whole fetch, redirects included. */
  timeoutMs: number;
  /** The longest the server may send nothing (connecting, waiting for the answer, between chunks). */
  idleTimeoutMs: number;
  /** FEED_ALLOW_PRIVATE_ADDRESSES: private, loopback and link-local addresses are fetched too. */
  allowPrivateAddresses: boolean;
  maxRedirects?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export interface SafeFetchResult {
  /** The file's bytes as written to `destination`, decompressed. */
  bytes: number;
  /** The bytes the server sent (fewer than `bytes` when the file came gzip-compressed). */
  receivedBytes: number;
  /** Whether the file came gzip-compressed (a .gz file or Content-Encoding: gzip) and was decompressed. */
  gzip: boolean;
  contentType?: string;
  /** The address the file came from after redirects, without any user name or password. */
  url: string;
  redirects: number;
}

export type FeedFetchErrorCode =
  | 'bad_url'
  | 'address_refused'
  | 'http_status'
  | 'too_many_redirects'
  | 'too_large'
  | 'bad_archive'
  | 'unsupported_encoding'
  | 'timeout'
  | 'idle_timeout'
  | 'network';

/** A fetch that failed, with a message staff can read. It never carries the credentials or a URL's user name and password. */
export class FeedFetchError extends Error {
  constructor(
    readonly code: FeedFetchErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'FeedFetchError';
  }
}

export const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** RFC 9110's token characters: what a header name may hold. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers the fetch sets itself, or that would change what the request means. */
const RESERVED_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'accept-encoding', 'cookie', 'upgrade']);

const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** An address as it may be shown or logged: no user name or password. */
export function displayUrl(url: URL | string): string {
  const copy = new URL(url.toString());
  copy.username = '';
  copy.password = '';
  return copy.toString();
}

function parseFeedUrl(text: string, what: 'address' | 'redirect'): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new FeedFetchError('bad_url', what === 'address' ? 'The address is not a valid URL' : 'The server redirected to an address that is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FeedFetchError('bad_url', what === 'address' ? 'The address must start with http:// or https://' : `The server redirected to an address starting with ${url.protocol}//; only http and https are followed`);
  }
  if (url.username || url.password) {
    throw new FeedFetchError(
      'bad_url',
      what === 'address'
        ? 'The address contains a user name or password: enter them as the credentials instead'
        : 'The server redirected to an address with a user name or password, which is not followed',
    );
  }
  return url;
}

function checkCredentials(credentials: FeedCredentials | undefined) {
  if (credentials?.kind !== 'header') return;
  if (!HEADER_NAME.test(credentials.name) || RESERVED_HEADERS.has(credentials.name.toLowerCase())) {
    throw new FeedFetchError('bad_url', `The header name '${credentials.name}' cannot carry a token`);
  }
  if (/[\r\n\0]/.test(credentials.value)) throw new FeedFetchError('bad_url', 'The token contains a line break');
}

function refusal(address: string, host: string | undefined): FeedFetchError | undefined {
  const kind = nonPublicAddressKind(address);
  if (!kind) return undefined;
  const of = host && host !== address ? ` (of ${host})` : '';
  return new FeedFetchError(
    'address_refused',
    `The address ${address}${of} is ${kind}: the server does not fetch from private, loopback or link-local addresses`,
  );
}

/**
 * Resolves the name itself and refuses it if any of its addresses is not public; the connection
 * then goes to the addresses checked here (Node connects to what the lookup answers), so a name
 * that resolves otherwise a moment later (DNS rebinding) changes nothing.
 */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { all: true, family: options.family, hints: options.hints }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    for (const { address } of addresses) {
      const refused = refusal(address, hostname);
      if (refused) return callback(refused as NodeJS.ErrnoException, '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const [first] = addresses;
    if (!first) return callback(Object.assign(new Error(`The name ${hostname} was not found`), { code: 'ENOTFOUND' }), '', 0);
    callback(null, first.address, first.family);
  });
};

function networkError(err: NodeJS.ErrnoException, host: string): FeedFetchError {
  if (err instanceof FeedFetchError) return err;
  switch (err.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new FeedFetchError('network', `The name ${host} was not found`);
    case 'ECONNREFUSED':
      return new FeedFetchError('network', `${host} refused the connection`);
    case 'ECONNRESET':
    case 'EPIPE':
      return new FeedFetchError('network', `${host} closed the connection before the file was complete`);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new FeedFetchError('network', `${host} cannot be reached`);
    default:
      // TLS failures (an expired or foreign certificate) have a code and a message that name the problem, not the request.
      if (err.code?.startsWith('ERR_TLS') || /certificate|SSL|TLS/i.test(err.message)) {
        return new FeedFetchError('network', `The secure connection to ${host} failed: ${err.message}`);
      }
      return new FeedFetchError('network', `Could not fetch from ${host}${err.code ? ` (${err.code})` : ''}`);
  }
}

const tooLarge = (max: number, decompressed = false) =>
  new FeedFetchError('too_large', `The file is larger than ${mb(max)}${decompressed ? ' once decompressed' : ''}`);

/** Counts the bytes that pass and fails as soon as there are more than `max`, whatever Content-Length said. */
const byteLimit = (counted: { bytes: number; max: number }, tooMany: () => FeedFetchError) =>
  new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counted.bytes += chunk.length;
      if (counted.bytes > counted.max) return callback(tooMany());
      callback(null, chunk);
    },
  });

/**
 * The body's decoding (or why it cannot be decoded): one gunzip for each gzip the server says it applied, then one more if what
 * is left is itself a gzip archive (a .gz file, whatever its name or type says). Anything but gzip
 * was not asked for (accept-encoding) and is refused rather than imported as garbage.
 */
function decodingStages(contentEncoding: string | undefined) {
  const codings = (contentEncoding ?? '').split(',').map((c) => c.trim().toLowerCase()).filter((c) => c && c !== 'identity');
  const unsupported = codings.find((c) => c !== 'gzip' && c !== 'x-gzip');
  if (unsupported) return new FeedFetchError('unsupported_encoding', `The server sent the file compressed as '${unsupported}'; only gzip is supported`);
  const decoded = { gzip: codings.length > 0 };
  const onGzip = () => (decoded.gzip = true);
  return { decoded, stages: [...codings.map(() => gunzipStage({ required: true })), gunzipStage({ required: false, onGzip })] };
}

/**
 * Fetches a supplier's file to `destination`, streamed (never whole in memory), under the limits of
 * `options`; throws a FeedFetchError with a message staff can read. Redirects are followed up to
 * `maxRedirects`, each hop checked as the first; the credentials go to the first address's origin
 * only, never to another site a redirect names.
 */
export async function safeFetch(options: SafeFetchOptions): Promise<SafeFetchResult> {
  const started = Date.now();
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(new FeedFetchError('timeout', `Timed out after ${seconds(options.timeoutMs)}`)), options.timeoutMs);
  let url: URL | undefined;
  try {
    url = parseFeedUrl(options.url, 'address');
    checkCredentials(options.credentials);
    const result = await fetchFollowingRedirects(url, options, controller);
    options.log?.info({ url: result.url, bytes: result.bytes, receivedBytes: result.receivedBytes, gzip: result.gzip, redirects: result.redirects, ms: Date.now() - started }, 'feed fetched');
    return result;
  } catch (err) {
    await fs.promises.rm(options.destination, { force: true });
    const failure = controller.signal.aborted ? (controller.signal.reason as FeedFetchError) : err instanceof FeedFetchError ? err : networkError(err as NodeJS.ErrnoException, url?.hostname ?? '');
    options.log?.warn({ url: url ? displayUrl(url) : undefined, code: failure.code, reason: failure.message }, 'feed fetch failed');
    throw failure;
  } finally {
    clearTimeout(deadline);
  }
}

async function fetchFollowingRedirects(first: URL, options: SafeFetchOptions, controller: AbortController): Promise<SafeFetchResult> {
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let url = first;
  for (let redirects = 0; ; redirects++) {
    const sendCredentials = url.origin === first.origin;
    const response = await request(url, sendCredentials ? options.credentials : undefined, options, controller);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (REDIRECT_STATUSES.has(status) && location) {
      // Its body is not wanted, and one that never ended would go on past this fetch: close it.
      response.destroy();
      if (redirects >= maxRedirects) throw new FeedFetchError('too_many_redirects', `The server redirected more than ${maxRedirects} times`);
      url = parseFeedUrl(new URL(location, url).toString(), 'redirect');
      continue;
    }
    if (status < 200 || status >= 300) {
      response.destroy();
      throw new FeedFetchError('http_status', `The server answered ${status}${STATUS_CODES[status] ? ` (${STATUS_CODES[status]})` : ''}`);
    }
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      response.destroy();
      throw tooLarge(options.maxBytes);
    }
    const decoding = decodingStages(response.headers['content-encoding']);
    if (decoding instanceof FeedFetchError) {
      response.destroy();
      throw decoding;
    }
    const { stages, decoded } = decoding;
    // The limit holds for the bytes received and, so that a zip bomb stops at it, for the decompressed bytes written.
    const received = { bytes: 0, max: options.maxBytes };
    const written = { bytes: 0, max: options.maxBytes };
    try {
      await pipeline(
        response,
        byteLimit(received, () => tooLarge(options.maxBytes)),
        ...stages,
        byteLimit(written, () => tooLarge(options.maxBytes, true)),
        fs.createWriteStream(options.destination),
        { signal: controller.signal },
      );
    } catch (err) {
      throw err instanceof GzipError ? new FeedFetchError('bad_archive', err.message) : err;
    }
    return { bytes: written.bytes, receivedBytes: received.bytes, gzip: decoded.gzip, contentType: response.headers['content-type'], url: displayUrl(url), redirects };
  }
}

function request(url: URL, credentials: FeedCredentials | undefined, options: SafeFetchOptions, controller: AbortController): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !options.allowPrivateAddresses) {
    const refused = refusal(host, undefined);
    if (refused) return Promise.reject(refused);
  }
  const headers: Record<string, string> = { 'accept-encoding': 'gzip', 'user-agent': 'Bosun supplier feed' };
  if (credentials?.kind === 'basic') headers.authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  if (credentials?.kind === 'header') headers[credentials.name] = credentials.value;
  return new Promise((resolve, reject) => {
    const req = (url.protocol === 'https:' ? https : http).request(url, {
      headers,
      signal: controller.signal,
      // No pooled connection: each hop connects to the address its own lookup checked.
      agent: false,
      lookup: options.allowPrivateAddresses ? undefined : checkedLookup,
    });
    // The socket's inactivity, while connecting, waiting for the answer and between chunks of the body.
    req.setTimeout(options.idleTimeoutMs, () => controller.abort(new FeedFetchError('idle_timeout', `The server sent nothing for ${seconds(options.idleTimeoutMs)}`)));
    req.once('response', resolve);
    req.once('error', (err) => reject(networkError(err, url.hostname)));
    req.end();
  });
}
