import { IMPORT_MESSAGES, type ImportProgressEvent } from '@bosun/shared';
import { Card, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { formatCount, plural } from '../../../../lib/format';
import classes from './import-wizard.module.css';

/** The line under the bar: 'Preparing import...' until the server knows the total. */
export function progressText(progress: ImportProgressEvent | null): string {
  if (!progress || progress.total === 0) return IMPORT_MESSAGES.preparing;
  return `Processing ${formatCount(progress.current)} of ${plural(progress.total, 'product')}`;
}

/** Step 4: the overlay over the wizard while the import runs. */
export function ImportProgressOverlay({ progress }: { progress: ImportProgressEvent | null }) {
  const total = progress?.total ?? 0;
  const percent = total > 0 ? Math.min(100, Math.round(((progress?.current ?? 0) / total) * 100)) : 0;
  return (
    <div className={classes.overlay}>
      <Card withBorder shadow="md" padding="lg" w={460} role="status" aria-label="Import progress" className={classes.overlayCard}>
        <Stack gap="sm">
          <Group gap="sm">
            <Loader size="sm" />
            <Text fw={600}>{progressText(progress)}</Text>
          </Group>
          <Progress value={percent} size="lg" striped animated={total === 0} aria-label="Import progress bar" />
          {progress?.waiting && (
            <Text size="sm" c="orange.8">
              {progress.message ?? IMPORT_MESSAGES.waiting}
            </Text>
          )}
          {progress && !progress.waiting && progress.message && (
            <Text size="sm" c="dimmed">
              {progress.message}
            </Text>
          )}
          {progress && total > 0 && (
            <>
              <Text size="sm">
                Imported {formatCount(progress.imported)} · Updated {formatCount(progress.updated)} · Skipped {formatCount(progress.skipped)} · Errors {formatCount(progress.errors)}
              </Text>
              <Text size="sm" c="dimmed">
                {formatCount(progress.processingRate)} rows/s{progress.currentProduct ? ` · Current: ${progress.currentProduct}` : ''}
              </Text>
            </>
          )}
        </Stack>
      </Card>
    </div>
  );
}
