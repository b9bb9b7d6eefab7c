import type { LatencySummary } from './measure.js';
import type { DbKind } from './targets.js';

/**
 * Every figure beside its baseline from the same run. ratio = value / baseline.value:
 * for rows/s the share of the engine's own rate; for ms how many times the baseline's time
 * (latency figures compare p95 with the p95 of GET /api/health, the HTTP floor).
 */

export interface Figure {
  section: 'import' | 'list' | 'tree' | 'export' | 'variants' | 'history' | 'feed' | 'mapping' | 'quality';
  name: string;
  db: DbKind;
  /** Rows imported or exported, products loaded or changed, or history entries stored. */
  size: number;
  unit: 'rows/s' | 'ms' | 'MB';
  /** rows/s, a duration, the p95 of a latency, or a size on disk. */
  value: number;
  p50?: number;
  p95?: number;
  /** name says what the baseline is; short is its label in the printed table. */
  baseline: { name: string; short: string; value: number; p50?: number; p95?: number };
  ratio: number;
  ratioP50?: number;
  peakRssMb?: number;
  target?: { text: string; met: boolean | null };
  details?: Record<string, unknown>;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export function rateFigure(f: Omit<Figure, 'unit' | 'ratio'>): Figure {
  return { ...f, unit: 'rows/s', ratio: round(f.value / f.baseline.value, 3) };
}

export function timeFigure(f: Omit<Figure, 'unit' | 'ratio'>): Figure {
  return { ...f, unit: 'ms', ratio: round(f.value / f.baseline.value) };
}

/** A size on disk in MB beside another (ratio: how many times the baseline's size). */
export function sizeFigure(f: Omit<Figure, 'unit' | 'ratio'>): Figure {
  return { ...f, unit: 'MB', ratio: round(f.value / f.baseline.value) };
}

export function latencyFigure(f: Omit<Figure, 'unit' | 'ratio' | 'value' | 'p50' | 'p95' | 'baseline'>, summary: LatencySummary, floor: LatencySummary): Figure {
  return {
    ...f,
    unit: 'ms',
    value: summary.p95,
    p50: summary.p50,
    p95: summary.p95,
    baseline: { name: 'GET /api/health, measured the same way (the HTTP floor)', short: 'health', value: floor.p95, p50: floor.p50, p95: floor.p95 },
    ratio: round(summary.p95 / floor.p95, 1),
    ratioP50: round(summary.p50 / floor.p50, 1),
    details: { ...f.details, mean: summary.mean, max: summary.max, samples: summary.n },
  };
}

/**
 * A latency beside another latency of the same run (e.g. the same query on the simple-only
 * catalogue): ratio on p95, ratioP50 on p50.
 */
export function pairedLatencyFigure(
  f: Omit<Figure, 'unit' | 'ratio' | 'value' | 'p50' | 'p95' | 'baseline'>,
  summary: LatencySummary,
  baseline: { name: string; short: string; summary: LatencySummary },
): Figure {
  const b = baseline.summary;
  return {
    ...f,
    unit: 'ms',
    value: summary.p95,
    p50: summary.p50,
    p95: summary.p95,
    baseline: { name: baseline.name, short: baseline.short, value: b.p95, p50: b.p50, p95: b.p95 },
    ratio: round(summary.p95 / b.p95),
    ratioP50: round(summary.p50 / b.p50),
    details: { ...f.details, mean: summary.mean, max: summary.max, samples: summary.n },
  };
}

/** A target from the issues, judged only at the size it names (otherwise shown, not judged). */
export function target(text: string, applies: boolean, met: boolean): Figure['target'] {
  return { text, met: applies ? met : null };
}

const sizeText = (n: number) => (n >= 1_000_000 && n % 1_000_000 === 0 ? `${n / 1_000_000}M` : n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n));
const num = (n: number) => (n >= 1000 ? Math.round(n).toLocaleString('en-US') : n < 10 ? n.toFixed(2) : n.toFixed(1));

function valueText(f: Figure): string {
  if (f.p50 !== undefined) return `${num(f.p50)} / ${num(f.p95!)} ms`;
  return `${num(f.value)} ${f.unit}`;
}

function baselineText(f: Figure): string {
  const b = f.baseline;
  if (b.p50 !== undefined) return `${num(b.p50)} / ${num(b.p95!)} ms`;
  return `${num(b.value)} ${f.unit}`;
}

function ratioText(f: Figure): string {
  if (f.unit === 'rows/s') return `${(f.ratio * 100).toFixed(1)}%`;
  return f.ratioP50 !== undefined ? `${f.ratioP50}x / ${f.ratio}x` : `${f.ratio}x`;
}

function targetText(f: Figure): string {
  if (!f.target) return '';
  return `${f.target.met === null ? '  ' : f.target.met ? 'ok' : 'NO'} ${f.target.text}`;
}

/** The figures as a plain-text table (latency cells are p50 / p95). */
export function formatTable(figures: Figure[]): string {
  const header = ['Section', 'Figure', 'DB', 'Size', 'Value (p50 / p95)', 'Baseline', 'Ratio', 'Peak RSS', 'Target'];
  const rows = figures.map((f) => [
    f.section,
    f.name,
    f.db,
    sizeText(f.size),
    valueText(f),
    `${baselineText(f)} (${f.baseline.short})`,
    ratioText(f),
    f.peakRssMb === undefined ? '' : `${f.peakRssMb} MB`,
    targetText(f),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i >= 3 && i <= 7 && i !== 5 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
