import type { ImportCompleteEvent } from '@bosun/shared';
import { Alert, Button, Group, List, ScrollArea, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconDownload } from '@tabler/icons-react';
import { saveBlob } from '../../../../lib/save-file';
import { rowsNotImportedCsv, rowsNotImportedFileName } from './error-rows-csv';
import { warningRowsCsv, warningRowsFileName } from './warning-rows-csv';

const n = (value: number) => value.toLocaleString('en-US');
/** Skipped rows listed on the page; the downloaded file has all the complete event carries. */
const SKIPPED_SHOWN = 100;

function formatDuration(ms: number) {
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  return seconds < 60 ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

/** Step 5: what the import did. */
export function ResultsStep({ result, fileName, onClose }: { result: ImportCompleteEvent; fileName: string; onClose: () => void }) {
  const figures: Array<[string, string, string?]> = [
    ['Total rows', n(result.total)],
    ['Imported', n(result.imported), 'teal'],
    ['Updated', n(result.updated), 'blue'],
    ['Skipped', n(result.skipped), 'gray'],
    ['Errors', n(result.errorCount), result.errorCount ? 'red' : undefined],
    ['Warnings', n(result.warningCount), result.warningCount ? 'orange' : undefined],
    ['Products in catalogue', n(result.totalProducts)],
    ['Rate', `${n(result.processingRate)} rows/s`],
    ['Time', formatDuration(result.processingTime)],
  ];
  const skippedRows = result.skippedRows ?? [];
  const notImported = result.errorRows.length + skippedRows.length;
  const downloadRows = () =>
    saveBlob(new Blob([rowsNotImportedCsv(result)], { type: 'text/csv;charset=utf-8' }), rowsNotImportedFileName(fileName));
  const downloadWarnings = () =>
    saveBlob(new Blob([warningRowsCsv(result)], { type: 'text/csv;charset=utf-8' }), warningRowsFileName(fileName));

  return (
    <Stack gap="md">
      <Group gap="sm">
        <ThemeIcon color={result.errorCount ? 'orange' : 'teal'} radius="xl" size="lg">
          <IconCheck size={20} />
        </ThemeIcon>
        <div>
          <Title order={3} size="h4">
            Import complete
          </Title>
          <Text size="sm">{result.message}</Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} aria-label="Import result" component="section">
        {figures.map(([label, value, color]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} size="lg" c={color}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {result.errors.length > 0 && (
        <Alert color="red" variant="light" title={`${n(result.errorCount)} rows were not imported`}>
          <ScrollArea.Autosize mah={220} type="auto">
            <List size="sm" aria-label="Import errors">
              {result.errors.map((message, i) => (
                <List.Item key={i}>{message}</List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
          {result.errorCount > result.errors.length && (
            <Text size="xs" mt={4}>
              Showing {result.errors.length} of {result.errorCount} errors.
            </Text>
          )}
        </Alert>
      )}
      {skippedRows.length > 0 && (
        <Alert color="gray" variant="light" title={`${n(result.skipped)} rows were skipped`}>
          <ScrollArea.Autosize mah={160} type="auto">
            <List size="sm" aria-label="Skipped rows">
              {skippedRows.slice(0, SKIPPED_SHOWN).map((s) => (
                <List.Item key={s.row}>{s.reason}</List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
          {result.skipped > Math.min(SKIPPED_SHOWN, skippedRows.length) && (
            <Text size="xs" mt={4}>
              Showing {Math.min(SKIPPED_SHOWN, skippedRows.length)} of {n(result.skipped)} skipped rows; the file below lists {n(skippedRows.length)}.
            </Text>
          )}
        </Alert>
      )}
      {result.warnings.length > 0 && (
        <Alert color="orange" variant="light" title={`${n(result.warningCount)} warnings on imported rows`}>
          <ScrollArea.Autosize mah={220} type="auto">
            <List size="sm" aria-label="Import warnings">
              {result.warnings.map((message, i) => (
                <List.Item key={i}>{message}</List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
          {result.warningCount > result.warnings.length && (
            <Text size="xs" mt={4}>
              Showing {result.warnings.length} of {result.warningCount} warnings.
            </Text>
          )}
        </Alert>
      )}
      <Group justify="space-between">
        <Group gap="sm">
          {notImported > 0 && (
            <Button variant="light" color={result.errorRows.length ? 'red' : 'gray'} leftSection={<IconDownload size={16} />} onClick={downloadRows}>
              Download rows not imported ({n(notImported)})
            </Button>
          )}
          {result.warningRows.length > 0 && (
            <Button variant="light" color="orange" leftSection={<IconDownload size={16} />} onClick={downloadWarnings}>
              Download warnings ({n(result.warningCount)})
            </Button>
          )}
        </Group>
        <Button onClick={onClose}>Close & Refresh</Button>
      </Group>
    </Stack>
  );
}
