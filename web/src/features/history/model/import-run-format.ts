import type { ImportRun } from '@bosun/shared';

const MODE_LABELS: Record<string, string> = { 'ultra-fast': 'Ultra-fast', lightning: 'Lightning', standard: 'Standard' };

/** The import mode as the wizard names it. */
export const importModeName = (run: Pick<ImportRun, 'mode'>): string => MODE_LABELS[run.mode] ?? run.mode;

/** The mode and whether it updated existing products. */
export function importModeLabel(run: Pick<ImportRun, 'mode' | 'updateMode'>): string {
  return `${importModeName(run)}, ${run.updateMode ? 'update existing' : 'new only'}`;
}

/** How long it ran: '850 ms', '12.4 s', '3 min 5 s'; a running one has no end yet, a held or dismissed one did not import. */
export function importDuration(run: Pick<ImportRun, 'startedAt' | 'finishedAt'> & Partial<Pick<ImportRun, 'status'>>): string {
  if (!run.finishedAt || run.status === 'held' || run.status === 'dismissed') return '—';
  const ms = new Date(run.finishedAt).getTime() - new Date(run.startedAt).getTime();
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  return seconds < 60 ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

export const IMPORT_STATUS_BADGES = {
  running: { label: 'Running', color: 'blue' },
  complete: { label: 'Complete', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  stopped: { label: 'Stopped', color: 'orange' },
  held: { label: 'Held', color: 'yellow' },
  dismissed: { label: 'Dismissed', color: 'gray' },
} as const;
