import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nonPublicAddressKind } from './address-policy.js';
import { GZIP_MESSAGES } from './gunzip-stream.js';
import { FeedFetchError, safeFetch, type SafeFetchOptions } from './safe-fetch.js';

const PASSWORD = 'pw-Sup3r-s3cret-value';
const TOKEN = 'tok-0f9e8d7c6b5a-secret';
const FILE = 'SKU,Name,Price\nA-1,Anchor,12.50\n';
const GZIPPED = zlib.gzipSync(FILE);
/** 50 MB of zeros in about 50 kB: past a 1 MB limit only once decompressed. */
const BOMB = zlib.gzipSync(Buffer.alloc(50 * 1024 * 1024));
/** A longer file, so that a cut or a changed byte falls inside its compressed data. */
const LONG_GZIPPED = zlib.gzipSync(Array.from({ length: 5000 }, (_, i) => `SKU-${i},Product ${i},${i}.99`).join('\n'));
const damaged = Buffer.from(LONG_GZIPPED);
for (let i = 100; i < 140; i++) damaged[i] = damaged[i]! ^ 0xff;

/** What the supplier's server saw of each request, by path. */
const seen = new Map<string, http.IncomingHttpHeaders>();
let server: http.Server;
let base: string;
let port: number;
let dir: string;
let endlessClosed = false;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bosun-feed-'));
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.set(url.pathname, req.headers);
    const redirect = /^\/hops\/(\d+)$/.exec(url.pathname);
    if (redirect) {
      const left = Number(redirect[1]);
      res.writeHead(302, { location: left > 1 ? `/hops/${left - 1}` : '/file.csv' }).end();
    } else if (url.pathname === '/file.csv') {
      res.writeHead(200, { 'content-type': 'text/csv', 'content-length': Buffer.byteLength(FILE) }).end(FILE);
    } else if (url.pathname === '/file.csv.gz') {
      res.writeHead(200, { 'content-type': 'application/gzip' }).end(GZIPPED);
    } else if (url.pathname === '/encoded') {
      res.writeHead(200, { 'content-type': 'text/csv', 'content-encoding': 'gzip' }).end(GZIPPED);
    } else if (url.pathname === '/encoded.gz') {
      // A .gz file gzipped again on the way: both layers come off.
      res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync(GZIPPED));
    } else if (url.pathname === '/bomb.gz') {
      res.writeHead(200, { 'content-length': BOMB.length }).end(BOMB);
    } else if (url.pathname === '/cut.gz') {
      res.writeHead(200).end(LONG_GZIPPED.subarray(0, LONG_GZIPPED.length / 2));
    } else if (url.pathname === '/damaged.gz') {
      res.writeHead(200).end(damaged);
    } else if (url.pathname === '/not-gzip') {
      res.writeHead(200, { 'content-encoding': 'gzip' }).end(FILE);
    } else if (url.pathname === '/brotli') {
      res.writeHead(200, { 'content-encoding': 'br' }).end(zlib.brotliCompressSync(FILE));
    } else if (url.pathname === '/basic') {
      const ok = req.headers.authorization === `Basic ${Buffer.from(`supplier:${PASSWORD}`).toString('base64')}`;
      res.writeHead(ok ? 200 : 401).end(ok ? FILE : 'no');
    } else if (url.pathname === '/token') {
      const ok = req.headers['x-api-key'] === TOKEN;
      res.writeHead(ok ? 200 : 403).end(ok ? FILE : 'no');
    } else if (url.pathname === '/elsewhere') {
      // Another origin (a name instead of the address): the credentials must not follow.
      res.writeHead(302, { location: `http://localhost:${port}/file.csv` }).end();
    } else if (url.pathname === '/to-ftp') {
      res.writeHead(301, { location: 'ftp://127.0.0.1/feed.csv' }).end();
    } else if (url.pathname === '/to-userinfo') {
      res.writeHead(302, { location: `http://supplier:${PASSWORD}@127.0.0.1:${port}/file.csv` }).end();
    } else if (url.pathname === '/big-declared') {
      res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) });
      res.write('x'.repeat(1000));
    } else if (url.pathname === '/big-chunked') {
      // No Content-Length: the limit must stop the body as it flows.
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const timer = setInterval(() => res.write(chunk), 1);
      res.on('close', () => clearInterval(timer));
    } else if (url.pathname === '/silent') {
      res.writeHead(200);
      res.write('a');
    } else if (url.pathname === '/trickle') {
      res.writeHead(200);
      const timer = setInterval(() => res.write('a'), 20);
      res.on('close', () => clearInterval(timer));
    } else if (url.pathname === '/missing') {
      res.writeHead(404).end('not here');
    } else if (url.pathname === '/endless-error') {
      // An error page that never ends: the fetch must not go on reading it.
      res.writeHead(503);
      const timer = setInterval(() => res.write('busy '), 5);
      res.on('close', () => {
        clearInterval(timer);
        endlessClosed = true;
      });
    } else {
      res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

let n = 0;
const fetchTo = (url: string, options: Partial<SafeFetchOptions> = {}) => {
  const destination = path.join(dir, `feed-${++n}.csv`);
  return {
    destination,
    done: safeFetch({ url, destination, maxBytes: 1024 * 1024, timeoutMs: 5_000, idleTimeoutMs: 2_000, allowPrivateAddresses: true, ...options }),
  };
};

const failure = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FeedFetchError);
  return err as FeedFetchError;
};

describe('safeFetch', () => {
  it('fetches a file whole to disk', async () => {
    const { destination, done } = fetchTo(`${base}/file.csv`);
    expect(await done).toEqual({ bytes: Buffer.byteLength(FILE), receivedBytes: Buffer.byteLength(FILE), gzip: false, contentType: 'text/csv', url: `${base}/file.csv`, redirects: 0 });
    expect(fs.readFileSync(destination, 'utf8')).toBe(FILE);
    expect(seen.get('/file.csv')?.['accept-encoding']).toBe('gzip');
  });

  it('decompresses a .gz file and a gzip Content-Encoding as the file arrives', async () => {
    for (const name of ['/file.csv.gz', '/encoded', '/encoded.gz']) {
      const { destination, done } = fetchTo(`${base}${name}`);
      expect(await done, name).toMatchObject({ bytes: Buffer.byteLength(FILE), gzip: true });
      expect(fs.readFileSync(destination, 'utf8'), name).toBe(FILE);
    }
    expect((await fetchTo(`${base}/file.csv.gz`).done).receivedBytes).toBe(GZIPPED.length);
  });

  it('stops a zip bomb at the size limit of the decompressed file', async () => {
    const bomb = fetchTo(`${base}/bomb.gz`);
    expect(await failure(bomb.done)).toMatchObject({ code: 'too_large', message: 'The file is larger than 1 MB once decompressed' });
    expect(fs.existsSync(bomb.destination)).toBe(false);
  });

  it('fails a cut, damaged or falsely labelled archive, and an encoding it did not ask for, in words', async () => {
    const cases = {
      '/cut.gz': ['bad_archive', GZIP_MESSAGES.cutShort],
      '/damaged.gz': ['bad_archive', GZIP_MESSAGES.damaged],
      '/not-gzip': ['bad_archive', GZIP_MESSAGES.notGzip],
      '/brotli': ['unsupported_encoding', "The server sent the file compressed as 'br'; only gzip is supported"],
    };
    for (const [name, [code, message]] of Object.entries(cases)) {
      const { destination, done } = fetchTo(`${base}${name}`);
      expect(await failure(done), name).toMatchObject({ code, message });
      expect(fs.existsSync(destination), name).toBe(false);
    }
  });

  it('follows 5 redirects and refuses a sixth, leaving no file', async () => {
    const five = fetchTo(`${base}/hops/5`);
    expect(await five.done).toMatchObject({ redirects: 5, url: `${base}/file.csv` });
    expect(fs.readFileSync(five.destination, 'utf8')).toBe(FILE);
    const six = fetchTo(`${base}/hops/6`);
    const err = await failure(six.done);
    expect(err).toMatchObject({ code: 'too_many_redirects', message: 'The server redirected more than 5 times' });
    expect(fs.existsSync(six.destination)).toBe(false);
  });

  it('says what the server answered', async () => {
    expect(await failure(fetchTo(`${base}/missing`).done)).toMatchObject({ code: 'http_status', message: 'The server answered 404 (Not Found)' });
    expect(await failure(fetchTo(`${base}/endless-error`).done)).toMatchObject({ message: 'The server answered 503 (Service Unavailable)' });
    await expect.poll(() => endlessClosed).toBe(true);
  });

  it('stops at the size limit when Content-Length says so, and when there is none', async () => {
    const declared = fetchTo(`${base}/big-declared`);
    expect(await failure(declared.done)).toMatchObject({ code: 'too_large', message: 'The file is larger than 1 MB' });
    expect(fs.existsSync(declared.destination)).toBe(false);
    const chunked = fetchTo(`${base}/big-chunked`);
    expect(await failure(chunked.done)).toMatchObject({ code: 'too_large', message: 'The file is larger than 1 MB' });
    expect(fs.existsSync(chunked.destination)).toBe(false);
  });

  it('times out when the server goes silent, and after the total time even while bytes trickle', async () => {
    const silent = fetchTo(`${base}/silent`, { idleTimeoutMs: 300 });
    expect(await failure(silent.done)).toMatchObject({ code: 'idle_timeout', message: 'The server sent nothing for 0.3 s' });
    const started = Date.now();
    const trickle = fetchTo(`${base}/trickle`, { timeoutMs: 500, idleTimeoutMs: 300 });
    expect(await failure(trickle.done)).toMatchObject({ code: 'timeout', message: 'Timed out after 0.5 s' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(fs.existsSync(trickle.destination)).toBe(false);
  });

  it('sends basic auth or the header token, and not to another origin a redirect names', async () => {
    await fetchTo(`${base}/basic`, { credentials: { kind: 'basic', username: 'supplier', password: PASSWORD } }).done;
    await fetchTo(`${base}/token`, { credentials: { kind: 'header', name: 'X-Api-Key', value: TOKEN } }).done;
    expect(await failure(fetchTo(`${base}/token`).done)).toMatchObject({ message: 'The server answered 403 (Forbidden)' });
    seen.clear();
    await fetchTo(`${base}/elsewhere`, { credentials: { kind: 'header', name: 'X-Api-Key', value: TOKEN } }).done;
    expect(seen.get('/elsewhere')?.['x-api-key']).toBe(TOKEN);
    expect(seen.get('/file.csv')).toBeDefined();
    expect(seen.get('/file.csv')?.['x-api-key']).toBeUndefined();
  });

  it('refuses other schemes, a user name and password in the address, and a header that is not a token', async () => {
    expect(await failure(fetchTo('ftp://example.com/feed.csv').done)).toMatchObject({ code: 'bad_url', message: 'The address must start with http:// or https://' });
    const withPassword = await failure(fetchTo(`http://supplier:${PASSWORD}@127.0.0.1:${port}/file.csv`).done);
    expect(withPassword.message).toBe('The address contains a user name or password: enter them as the credentials instead');
    expect(await failure(fetchTo(`${base}/token`, { credentials: { kind: 'header', name: 'Host', value: TOKEN } }).done)).toMatchObject({ code: 'bad_url' });
    // A redirect's address is checked as the first one is.
    expect((await failure(fetchTo(`${base}/to-ftp`).done)).message).toBe('The server redirected to an address starting with ftp://; only http and https are followed');
    expect((await failure(fetchTo(`${base}/to-userinfo`).done)).message).toBe('The server redirected to an address with a user name or password, which is not followed');
  });

  it('refuses private, loopback and link-local addresses unless allowed, also behind a name', async () => {
    const refused = {
      '127.0.0.1': 'loopback',
      '10.0.0.5': 'private',
      '169.254.169.254': 'link-local',
      '[::1]': 'loopback',
      '[::ffff:127.0.0.1]': 'loopback',
      '[::ffff:10.1.2.3]': 'private',
      '100.64.0.1': 'shared (carrier-grade NAT)',
    };
    for (const [host, kind] of Object.entries(refused)) {
      const err = await failure(fetchTo(`http://${host}:${port}/file.csv`, { allowPrivateAddresses: false }).done);
      expect(err.code, host).toBe('address_refused');
      expect(err.message, host).toMatch(new RegExp(`^The address \\S+ is ${kind.replace(/[()]/g, '\\$&')}:`));
    }
    expect((await failure(fetchTo(`http://10.0.0.5/`, { allowPrivateAddresses: false }).done)).message).toContain('The address 10.0.0.5 is private');
    const byName = await failure(fetchTo(`http://localhost:${port}/file.csv`, { allowPrivateAddresses: false }).done);
    expect(byName.code).toBe('address_refused');
    expect(byName.message).toMatch(/^The address (127\.0\.0\.1|::1) \(of localhost\) is loopback/);
    seen.clear();
    await failure(fetchTo(`http://localhost:${port}/file.csv`, { allowPrivateAddresses: false }).done);
    expect(seen.size).toBe(0);
  });

  it('never puts the password or token in an error message or a log line', async () => {
    const lines: string[] = [];
    const log = { info: (obj: object, msg: string) => lines.push(JSON.stringify({ ...obj, msg })), warn: (obj: object, msg: string) => lines.push(JSON.stringify({ ...obj, msg })) };
    const messages: string[] = [];
    const attempts: Partial<SafeFetchOptions>[] = [
      { url: `${base}/basic`, credentials: { kind: 'basic', username: 'supplier', password: PASSWORD } },
      { url: `${base}/hops/6`, credentials: { kind: 'basic', username: 'supplier', password: PASSWORD } },
      { url: `${base}/missing`, credentials: { kind: 'header', name: 'X-Api-Key', value: TOKEN } },
      { url: `${base}/silent`, idleTimeoutMs: 200, credentials: { kind: 'header', name: 'X-Api-Key', value: TOKEN } },
      { url: `http://supplier:${PASSWORD}@127.0.0.1:${port}/file.csv` },
      { url: `${base}/to-userinfo` },
      { url: `http://supplier:${PASSWORD}@localhost:${port}/file.csv`, allowPrivateAddresses: false },
      { url: `${base}/token`, credentials: { kind: 'header', name: 'X-Api-Key', value: `${TOKEN}\r\nX-Evil: 1` } },
    ];
    for (const { url, ...options } of attempts) {
      await fetchTo(url!, { ...options, log }).done.catch((err: Error) => messages.push(err.message, String(err.stack)));
    }
    expect(lines.length).toBe(attempts.length);
    expect(messages.length).toBeGreaterThan(0);
    for (const text of [...lines, ...messages]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(Buffer.from(`supplier:${PASSWORD}`).toString('base64'));
    }
  });
});

describe('nonPublicAddressKind', () => {
  it('names every kind of address that is not public, in IPv4, IPv6 and IPv4-mapped forms', () => {
    const cases: Record<string, string | undefined> = {
      '0.0.0.0': 'unspecified',
      '::': 'unspecified',
      '127.1.2.3': 'loopback',
      '::1': 'loopback',
      '::ffff:127.0.0.1': 'loopback',
      '::ffff:7f00:1': 'loopback',
      '10.255.0.1': 'private',
      '172.16.0.1': 'private',
      '172.31.255.255': 'private',
      '192.168.1.1': 'private',
      'fc00::1': 'private',
      'fd12:3456::1': 'private',
      '::ffff:192.168.0.1': 'private',
      '64:ff9b::10.0.0.1': 'private',
      '169.254.169.254': 'link-local',
      'fe80::1': 'link-local',
      'fe80::1%eth0': 'link-local',
      '::ffff:169.254.0.1': 'link-local',
      '100.64.0.1': 'shared (carrier-grade NAT)',
      '100.127.255.255': 'shared (carrier-grade NAT)',
      '224.0.0.1': 'multicast',
      'ff02::1': 'multicast',
      '255.255.255.255': 'reserved',
      '8.8.8.8': undefined,
      '172.32.0.1': undefined,
      '100.128.0.1': undefined,
      '2606:4700::1111': undefined,
      '::ffff:8.8.8.8': undefined,
    };
    for (const [address, kind] of Object.entries(cases)) expect(nonPublicAddressKind(address), address).toBe(kind);
  });
});
