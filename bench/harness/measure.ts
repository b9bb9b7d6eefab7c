import fs from 'node:fs';
import { performance } from 'node:perf_hooks';

/** Resident memory of a process from /proc (Linux), and latency statistics. */

export interface MemoryStatus {
  rssMb: number;
  /** Peak resident set (since start, or since the last resetPeak). */
  hwmMb: number;
}

export function readMemory(pid: number): MemoryStatus | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

/** Writing 5 to clear_refs resets VmHWM to the current RSS (Linux 4.0+); false when not allowed. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export interface RssWatch<T> {
  result: T;
  /** The highest RSS seen during fn: the larger of the 100 ms samples and VmHWM when it could be reset. */
  peakRssMb: number;
  startRssMb: number;
  samples: number;
}

/** Runs fn while sampling the process's RSS every 100 ms. */
export async function watchRss<T>(pid: number, fn: () => Promise<T>): Promise<RssWatch<T>> {
  const reset = resetPeak(pid);
  const start = readMemory(pid)?.rssMb ?? 0;
  let peak = start;
  let samples = 0;
  const timer = setInterval(() => {
    const memory = readMemory(pid);
    if (!memory) return;
    samples += 1;
    peak = Math.max(peak, memory.rssMb, reset ? memory.hwmMb : 0);
  }, 100);
  try {
    const result = await fn();
    const memory = readMemory(pid);
    if (memory) peak = Math.max(peak, memory.rssMb, reset ? memory.hwmMb : 0);
    return { result, peakRssMb: Math.round(peak), startRssMb: Math.round(start), samples };
  } finally {
    clearInterval(timer);
  }
}

export interface LatencySummary {
  p50: number;
  p95: number;
  mean: number;
  max: number;
  n: number;
}

/** Nearest-rank percentile of ascending values. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function summarize(ms: number[]): LatencySummary {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    p50: round2(percentile(sorted, 50)),
    p95: round2(percentile(sorted, 95)),
    mean: round2(sorted.reduce((a, b) => a + b, 0) / sorted.length),
    max: round2(sorted.at(-1) ?? NaN),
    n: sorted.length,
  };
}

/** warmups unmeasured calls, then samples measured ones, one after another. */
export async function measureLatency(fn: () => Promise<number>, warmups: number, samples: number): Promise<LatencySummary> {
  for (let i = 0; i < warmups; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push(await fn());
  return summarize(times);
}

/** measureLatency for requests that also report the server's own time: both summaries. */
export async function measureClientAndServer(
  fn: () => Promise<{ ms: number; serverMs: number }>,
  warmups: number,
  samples: number,
): Promise<{ client: LatencySummary; server: LatencySummary }> {
  for (let i = 0; i < warmups; i++) await fn();
  const client: number[] = [];
  const server: number[] = [];
  for (let i = 0; i < samples; i++) {
    const { ms, serverMs } = await fn();
    client.push(ms);
    server.push(serverMs);
  }
  return { client: summarize(client), server: summarize(server) };
}

export async function timeIt<T>(fn: () => Promise<T> | T): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await fn();
  return { result, ms: performance.now() - started };
}

export const perSecond = (count: number, ms: number) => Math.round(count / Math.max(1e-6, ms / 1000));
