import type { UndoStatusEvent } from '@bosun/shared';
import { Progress, Stack, Text } from '@mantine/core';
import { formatCount } from '../../../lib/format';

/**
 * How far a running undo has got: the step in words and 'Undoing… 35,000 of 100,000' over a bar;
 * before it starts, that it waits for an import that is writing.
 */
export function UndoProgress({ progress }: { progress: UndoStatusEvent | null }) {
  const counts = progress?.type === 'progress' ? progress : undefined;
  const total = counts?.total ?? 0;
  const current = counts?.current ?? 0;
  const percent = total > 0 ? Math.min(100, Math.round((current / total) * 100)) : 0;
  return (
    <Stack gap={6} role="status" aria-live="polite">
      <Text size="sm" fw={600}>
        {progress?.type === 'waiting' ? 'Waiting…' : total > 0 ? `Undoing… ${formatCount(current)} of ${formatCount(total)}` : 'Undoing…'}
      </Text>
      <Progress value={percent} size="lg" striped animated aria-label="Undo progress" />
      {progress && (
        <Text size="xs" c="dimmed">
          {progress.message}
        </Text>
      )}
    </Stack>
  );
}
