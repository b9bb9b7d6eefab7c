import { rowsNotImportedCsv, rowsNotImportedFileName, type ImportCompleteEvent } from '@bosun/shared';
import { Alert, Anchor, Button, Group, List, ScrollArea, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { saveBlob } from '../../../../lib/save-file';
import { warningRowsCsv, warningRowsFileName } from './warning-rows-csv';
import { formatCount, plural, wasWere } from '../../../../lib/format';

/** Skipped rows listed on the page; the downloaded file has all the complete event carries. */
const SKIPPED_SHOWN = 100;

/** One kind of row message (errors, skipped rows, warnings): the first ones listed, and how many there are in all. */
function RowMessages(props: { color: string; title: string; label: string; messages: string[]; total: number; what: [one: string, many: string]; note?: string }) {
  if (!props.messages.length) return null;
  return (
    <Alert color={props.color} variant="light" title={props.title}>
      <ScrollArea.Autosize mah={220} type="auto">
        <List size="sm" aria-label={props.label}>
          {props.messages.map((message, i) => (
            <List.Item key={i}>{message}</List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
      {props.total > props.messages.length && (
        <Text size="xs" mt={4}>
          Showing {formatCount(props.messages.length)} of {plural(props.total, ...props.what)}
          {props.note}.
        </Text>
      )}
    </Alert>
  );
}

function formatDuration(ms: number) {
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  return seconds < 60 ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

/** Step 5: what the import did. */
export function ResultsStep({ result, fileName, onClose }: { result: ImportCompleteEvent; fileName: string; onClose: () => void }) {
  const figures: Array<[string, string, string?]> = [
    ['Total rows', formatCount(result.total)],
    ['Imported', formatCount(result.imported), 'teal'],
    ['Updated', formatCount(result.updated), 'blue'],
    ['Skipped', formatCount(result.skipped), 'gray'],
    ['Errors', formatCount(result.errorCount), result.errorCount ? 'red' : undefined],
    ['Warnings', formatCount(result.warningCount), result.warningCount ? 'orange' : undefined],
    // Counted as the dashboard counts them: products, and their variations apart.
    ['Products in catalogue', formatCount(result.totalProducts)],
    ...(result.totalVariations > 0 ? [['Variations in catalogue', formatCount(result.totalVariations)] as [string, string]] : []),
    ['Rate', `${formatCount(result.processingRate)} rows/s`],
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
          {/* Every import is listed there, with its undo. */}
          <Anchor component={Link} to="/imports" size="sm" onClick={onClose}>
            See all imports
          </Anchor>
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
      {(result.pricedByRules ?? 0) > 0 && <Text size="sm">List prices set by the profile's price rules: {formatCount(result.pricedByRules ?? 0)}</Text>}
      {result.missing && (
        <Alert color={result.missing.applied ? 'blue' : 'orange'} variant="light" title="Products missing from the file" aria-label="Products missing from the file">
          <Text size="sm">{result.missing.message}</Text>
        </Alert>
      )}
      <RowMessages
        color="red"
        title={`${plural(result.errorCount, 'row')} ${wasWere(result.errorCount)} not imported`}
        label="Import errors"
        messages={result.errors}
        total={result.errorCount}
        what={['error', 'errors']}
      />
      <RowMessages
        color="gray"
        title={`${plural(result.skipped, 'row')} ${wasWere(result.skipped)} skipped`}
        label="Skipped rows"
        messages={skippedRows.slice(0, SKIPPED_SHOWN).map((s) => s.reason)}
        total={result.skipped}
        what={['skipped row', 'skipped rows']}
        note={skippedRows.length > SKIPPED_SHOWN ? `; the file below lists ${formatCount(skippedRows.length)}` : ''}
      />
      <RowMessages
        color="orange"
        title={`${plural(result.warningCount, 'warning')} on imported rows`}
        label="Import warnings"
        messages={result.warnings}
        total={result.warningCount}
        what={['warning', 'warnings']}
      />
      <Group justify="space-between">
        <Group gap="sm">
          {notImported > 0 && (
            <Button variant="light" color={result.errorRows.length ? 'red' : 'gray'} leftSection={<IconDownload size={16} />} onClick={downloadRows}>
              Download rows not imported ({formatCount(notImported)})
            </Button>
          )}
          {result.warningRows.length > 0 && (
            <Button variant="light" color="orange" leftSection={<IconDownload size={16} />} onClick={downloadWarnings}>
              Download warnings ({formatCount(result.warningCount)})
            </Button>
          )}
        </Group>
        <Button onClick={onClose}>Close & Refresh</Button>
      </Group>
    </Stack>
  );
}
