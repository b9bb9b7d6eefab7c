import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

/**
 * A thin client over node:http with one keep-alive connection, so the figures measure the server
 * rather than connection set-up or a heavier client.
 */

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

export interface Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  ms: number;
}

type Sink = (chunk: Buffer) => void;

interface RequestOptions {
  method?: string;
  token?: string;
  headers?: Record<string, string | number>;
  /** A body written in one piece, or a function that writes (and ends) the request itself. */
  body?: string | Buffer | ((req: http.ClientRequest) => void);
  /** When given, the body is handed to it chunk by chunk instead of being collected. */
  onChunk?: Sink;
}

export function request(url: string, options: RequestOptions = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers: Record<string, string | number> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const req = http.request(url, { method: options.method ?? 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      // An error answer is always collected, so that its message can be shown.
      const sink = (res.statusCode ?? 0) < 400 ? options.onChunk : undefined;
      res.on('data', (chunk: Buffer) => (sink ? sink(chunk) : chunks.push(chunk)));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }));
    });
    req.on('error', reject);
    if (typeof options.body === 'function') options.body(req);
    else req.end(options.body);
  });
}

function check(res: Response, url: string): Response {
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`${url.replace(/^https?:\/\/[^/]+/, '')} answered ${res.status}: ${res.body.toString().slice(0, 500)}`);
  }
  return res;
}

export async function getJson<T>(url: string, token?: string): Promise<T> {
  return JSON.parse(check(await request(url, { token }), url).body.toString()) as T;
}

function requestJson(method: 'POST' | 'PUT' | 'PATCH', url: string, body: unknown, token?: string): Promise<Response> {
  const text = JSON.stringify(body);
  return request(url, { method, token, body: text, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } });
}

async function sendJson<T>(method: 'POST' | 'PUT', url: string, body: unknown, token?: string): Promise<T> {
  return JSON.parse(check(await requestJson(method, url, body, token), url).body.toString()) as T;
}

/** One JSON request whose whole answer is read; the time from sending to the last byte, in ms. */
export async function timedSend(method: 'POST' | 'PUT' | 'PATCH', url: string, body: unknown, token?: string): Promise<number> {
  return check(await requestJson(method, url, body, token), url).ms;
}

export const postJson = <T>(url: string, body: unknown, token?: string) => sendJson<T>('POST', url, body, token);
export const putJson = <T>(url: string, body: unknown, token?: string) => sendJson<T>('PUT', url, body, token);

/** One GET whose whole body is read; the time from sending to the last byte, in ms. */
export async function timedGet(url: string, token?: string): Promise<number> {
  const res = check(await request(url, { token }), url);
  return res.ms;
}

/** timedGet, plus the server's own time from its Server-Timing header (`app;dur=12.3`). */
export async function timedGetWithServerTime(url: string, token?: string): Promise<{ ms: number; serverMs: number }> {
  const res = check(await request(url, { token }), url);
  const serverMs = Number(/app;dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''))?.[1]);
  if (!Number.isFinite(serverMs)) throw new Error(`${url} answered without a Server-Timing header`);
  return { ms: res.ms, serverMs };
}

/**
 * Downloads a CSV stream, counting its records (line ends outside quoted cells) and bytes
 * without keeping the body.
 */
export async function downloadCsv(url: string, token: string): Promise<{ records: number; bytes: number; ms: number }> {
  let records = 0;
  let bytes = 0;
  let quoted = false;
  const res = await request(url, {
    token,
    // indexOf (memchr) instead of a loop over every byte: a 1 GB export must not make the client
    // the slowest part of the measurement on a two-core machine.
    onChunk: (chunk) => {
      bytes += chunk.length;
      let i = 0;
      while (i < chunk.length) {
        const quote = chunk.indexOf(0x22, i);
        const end = quote < 0 ? chunk.length : quote;
        if (!quoted) for (let nl = chunk.indexOf(0x0a, i); nl >= 0 && nl < end; nl = chunk.indexOf(0x0a, nl + 1)) records += 1;
        if (quote < 0) break;
        quoted = !quoted;
        i = quote + 1;
      }
    },
  });
  check(res, url);
  return { records, bytes, ms: res.ms };
}

/** Downloads url into file, streamed (a workbook of a million rows is never held in memory). */
export async function downloadToFile(url: string, token: string, file: string): Promise<{ bytes: number; ms: number }> {
  const fd = fs.openSync(file, 'w');
  let bytes = 0;
  try {
    const res = await request(url, {
      token,
      onChunk: (chunk) => {
        bytes += chunk.length;
        fs.writeSync(fd, chunk);
      },
    });
    check(res, url);
    return { bytes, ms: res.ms };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * A multipart/form-data POST of text fields and one CSV file, streamed from disk (a 1M-row
 * file is never held in memory). The answer is collected, or handed to onChunk (an SSE stream).
 */
export async function postMultipart(url: string, token: string, fields: Record<string, string>, file: string, onChunk?: Sink): Promise<Response> {
  const boundary = `----bosunbench${Math.random().toString(16).slice(2)}`;
  let head = '';
  for (const [name, value] of Object.entries(fields)) {
    head += `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  head += `--${boundary}\r\ncontent-disposition: form-data; name="csvFile"; filename="${path.basename(file)}"\r\ncontent-type: text/csv\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const size = Buffer.byteLength(head) + fs.statSync(file).size + Buffer.byteLength(tail);
  const res = await request(url, {
    method: 'POST',
    token,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': size },
    onChunk,
    body: (req) => {
      req.write(head);
      const stream = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
      stream.on('error', (err) => req.destroy(err));
      stream.on('end', () => req.end(tail));
      stream.pipe(req, { end: false });
    },
  });
  return check(res, url);
}

/** Splits a text/event-stream into its `data: {json}` events as chunks arrive. */
export function sseParser<T>(onEvent: (event: T) => void): Sink {
  let pending = '';
  return (chunk) => {
    pending += chunk.toString();
    let end: number;
    while ((end = pending.indexOf('\n\n')) >= 0) {
      const block = pending.slice(0, end);
      pending = pending.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (data) onEvent(JSON.parse(data) as T);
    }
  };
}
