import {
  formatImportEstimate,
  IMPORT_MESSAGES,
  IMPORT_MODE_INFO,
  IMPORT_MODES,
  type BadOptionalValues,
  type FieldMapping,
  type ImportFieldGroup,
  type ImportMode,
  type ImportPreviewResponse,
} from '@bosun/shared';
import { Alert, Badge, Button, Card, Group, Radio, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconClock, IconUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DisabledReason } from '../../../../components/ui/disabled-reason';
import classes from './import-wizard.module.css';
import { VendorOptions, type VendorChoices } from './vendor-options';
import { formatCount, plural } from '../../../../lib/format';
import { TruncatedText } from '../../../../components/ui/truncated-text';

/** More rows than this in standard mode earn the performance warning (SPEC §5). */
export const STANDARD_WARNING_ROWS = 1000;

const DELIMITER_NAMES: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };
const SUBCATEGORY = /^(vendor|store)_subcategory_\d$/;
const PATH_FIELDS = new Set(['vendor_category', 'store_category', 'category_hierarchy']);

export const showsStandardWarning = (mode: ImportMode, totalRows: number) => mode === 'standard' && totalRows > STANDARD_WARNING_ROWS;

interface Props {
  preview: ImportPreviewResponse;
  groups: ImportFieldGroup[];
  mapping: FieldMapping;
  vendorField: ReactNode;
  vendorId: number | null;
  updateMode: boolean;
  /** The feed rules (issue 22), the update mode among them. */
  rulesSection: ReactNode;
  /** What the run would change in stored products, and the missing-product plan. */
  changesSummary: ReactNode;
  /** Why Import Data waits (a missing-product share to confirm), or null. */
  importBlocked: string | null;
  /** 'Save as profile'. */
  saveProfile: ReactNode;
  /** The file's format differs from the one the profile fixes, in a sentence; or null. */
  formatNotice?: string | null;
  /** Issue 19: create the vendors the file names, move products between vendors. */
  vendorChoices: VendorChoices;
  onVendorChoicesChange: (choices: VendorChoices) => void;
  badOptionalValues: BadOptionalValues;
  onBadOptionalValuesChange: (choice: BadOptionalValues) => void;
  refreshing: boolean;
  /** A failed re-run of the dry run (after update mode changed). */
  previewError: string | null;
  mode: ImportMode;
  onModeChange: (mode: ImportMode) => void;
  importing: boolean;
  onBack: () => void;
  onImport: () => void;
}

function Figure({ label, value, color }: { label: string; value: ReactNode; color?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} c={color}>
        {value}
      </Text>
    </div>
  );
}

/** The dry run's first warnings: what the rows to be written lose (a dropped value, a category path not kept). */
function RowWarnings({ dry }: { dry: ImportPreviewResponse['dryRun'] }) {
  return (
    <ScrollArea.Autosize mah={200} type="auto">
      <Table withTableBorder fz="xs" aria-label="Row warnings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Column</Table.Th>
            <Table.Th>Value</Table.Th>
            <Table.Th>Warning</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {dry.warnings.map((w, i) => (
            <Table.Tr key={`${w.row}-${w.column}-${i}`}>
              <Table.Td>{w.row}</Table.Td>
              <Table.Td>{w.column}</Table.Td>
              <Table.Td className={classes.cell}>{w.value}</Table.Td>
              <Table.Td c="orange.9">{w.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {dry.warningCount > dry.warnings.length && (
        <Text size="xs" c="dimmed" mt={4}>
          Showing the first {formatCount(dry.warnings.length)} of {plural(dry.warningCount, 'warning')}.
        </Text>
      )}
    </ScrollArea.Autosize>
  );
}

/** Step 3: the first mapped rows, the dry run over the whole file, and the import options. */
/** 'Stock status (in stock, out of stock, ...)' -> 'Stock status'. */
/** Why Import Data cannot start now, or null when it can. */
const importBlockedReason = (props: Pick<Props, 'vendorId' | 'refreshing' | 'importBlocked'>) =>
  props.vendorId === null ? IMPORT_MESSAGES.selectVendorInline : props.refreshing ? IMPORT_MESSAGES.previewUpdating : props.importBlocked;

const shortLabel = (label: string) => label.replace(/\s*\(.*\)\s*$/, '') || label;

export function PreviewStep(props: Props) {
  const { preview, mapping, mode } = props;
  const labels = new Map(props.groups.flatMap((g) => g.fields.map((f) => [f.key, f.label] as const)));
  const mappedKeys = props.groups.flatMap((g) => g.fields.map((f) => f.key)).filter((key) => mapping[key] !== undefined);
  const plainKeys = mappedKeys.filter((key) => !PATH_FIELDS.has(key) && !SUBCATEGORY.test(key));
  const subcategoryKeys = mappedKeys.filter((key) => SUBCATEGORY.test(key));
  const showPaths = mappedKeys.some((key) => PATH_FIELDS.has(key) || SUBCATEGORY.test(key));
  const dry = preview.dryRun;
  const rate = IMPORT_MODE_INFO[mode].rowsPerSecond;

  return (
    <Stack gap="md">
      <Group gap="lg">
        <Text size="sm">
          Total rows: <b>{formatCount(preview.totalRows)}</b>
        </Text>
        <Text size="sm">
          Mapped fields: <b>{mappedKeys.length}</b>
        </Text>
        <Text size="sm" c="dimmed">
          {preview.sheet !== undefined
            ? `Excel sheet '${preview.sheet}'${preview.sheets && preview.sheets.length > 1 ? ` (of ${preview.sheets.length} sheets)` : ''}`
            : `Encoding ${preview.encoding}, ${DELIMITER_NAMES[preview.delimiter] ?? preview.delimiter} delimited`}
        </Text>
      </Group>

      {props.formatNotice && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} aria-label="File format">
          {props.formatNotice}
        </Alert>
      )}

      {preview.duplicateHeaders.length > 0 && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Duplicate column names">
          {preview.duplicateHeaders.map((header) => (
            <Text key={header} size="sm">
              {IMPORT_MESSAGES.duplicateHeader(header, preview.headers.filter((h) => h === header).length)}
            </Text>
          ))}
        </Alert>
      )}

      <ScrollArea type="auto">
        <Table withTableBorder withColumnBorders striped fz="xs" aria-label="Preview rows" miw={600}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              {plainKeys.map((key) => (
                // The label without its explanation in brackets: a narrow column would wrap it into a tall header.
                <Table.Th key={key}>
                  <TruncatedText lines={false} full={labels.get(key) ?? key}>
                    {shortLabel(labels.get(key) ?? key)}
                  </TruncatedText>
                </Table.Th>
              ))}
              {showPaths && <Table.Th>Vendor Category Path</Table.Th>}
              {showPaths && <Table.Th>Store Category Path</Table.Th>}
              {subcategoryKeys.map((key) => (
                <Table.Th key={key} className={classes.subcategory}>
                  {labels.get(key) ?? key}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.previewRows.map((row) => (
              <Table.Tr key={row.rowNumber}>
                <Table.Td>{row.rowNumber}</Table.Td>
                {plainKeys.map((key) => (
                  <Table.Td key={key} className={classes.cell}>
                    {/* A weight or size in another unit than the shop's: what the file holds, then what is stored. */}
                    {row.converted?.[key] ? `${row.values[key] ?? ''} ${row.converted[key].from} → ${row.converted[key].to}` : (row.values[key] ?? '')}
                  </Table.Td>
                ))}
                {showPaths && <Table.Td className={classes.path}>{row.vendor_category_path ?? ''}</Table.Td>}
                {showPaths && <Table.Td className={classes.path}>{row.store_category_path ?? ''}</Table.Td>}
                {subcategoryKeys.map((key) => (
                  <Table.Td key={key} className={classes.subcategory}>
                    {String(row[key] ?? row.values[key] ?? '')}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>

      <section aria-label="Dry run">
        <Title order={3} size="h5" mb={4}>
          Dry run over all {plural(preview.totalRows, 'row')}
        </Title>
        <SimpleGrid cols={{ base: 3, sm: 6 }}>
          <Figure label="Valid" value={dry.valid} />
          <Figure label="Create" value={dry.create} color="teal" />
          <Figure label="Update" value={dry.update} color="blue" />
          <Figure label="Skip" value={dry.skip} color="gray" />
          <Figure label="Errors" value={dry.errorCount} color={dry.errorCount ? 'red' : undefined} />
          <Figure label="New categories" value={dry.newCategories} />
          <Figure label="Warnings" value={dry.warningCount} color={dry.warningCount ? 'orange' : undefined} />
        </SimpleGrid>
        {dry.storeCategories && dry.storeCategories.fromMapping + dry.storeCategories.unmapped > 0 && (
          <Text size="sm" mt="xs">
            {IMPORT_MESSAGES.storeCategoriesFromMapping(dry.storeCategories.fromMapping, dry.storeCategories.unmapped)}
          </Text>
        )}
        {dry.variants && dry.variants.variations > 0 && (
          <Text size="sm" mt="xs">
            {IMPORT_MESSAGES.variantSummary(dry.variants.variations, dry.variants.parents)}
          </Text>
        )}
      </section>

      {props.changesSummary}

      {dry.errors.length > 0 && (
        <ScrollArea.Autosize mah={200} type="auto">
          <Table withTableBorder fz="xs" aria-label="Row errors">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Column</Table.Th>
                <Table.Th>Value</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dry.errors.map((e, i) => (
                <Table.Tr key={`${e.row}-${e.column}-${i}`}>
                  <Table.Td>{e.row}</Table.Td>
                  <Table.Td>{e.column}</Table.Td>
                  <Table.Td className={classes.cell}>{e.value}</Table.Td>
                  <Table.Td c="red.8">{e.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {dry.errorCount > dry.errors.length && (
            <Text size="xs" c="dimmed" mt={4}>
              Showing the first {formatCount(dry.errors.length)} of {plural(dry.errorCount, 'error')}.
            </Text>
          )}
        </ScrollArea.Autosize>
      )}

      {dry.warnings.length > 0 && <RowWarnings dry={dry} />}

      <Title order={3} size="h5">
        Import options
      </Title>
      {props.vendorField}
      <Card withBorder padding="sm" component="section" aria-label="Rules">
        <Title order={4} size="h6" mb="xs">
          Rules
        </Title>
        {props.rulesSection}
      </Card>
      <VendorOptions dryRun={dry} {...props.vendorChoices} disabled={props.refreshing || props.importing} onChange={props.onVendorChoicesChange} />
      <Radio.Group
        label="A value that fails validation in an optional column (a barcode, a price, a visibility...)"
        description="SKU and Name, and a variable product's Type, Parent and attributes, always fail their row."
        value={props.badOptionalValues}
        onChange={(value) => props.onBadOptionalValuesChange(value as BadOptionalValues)}
      >
        <Group gap="lg" mt={6}>
          <Radio value="warn" label="Drop the value with a warning and import the rest of the row" disabled={props.refreshing || props.importing} />
          <Radio value="fail" label="Fail the row" disabled={props.refreshing || props.importing} />
        </Group>
      </Radio.Group>
      <Radio.Group label="Import mode" value={mode} onChange={(value) => props.onModeChange(value as ImportMode)}>
        <Stack gap="xs" mt={6}>
          {IMPORT_MODES.map((m) => (
            <Radio key={m} value={m} label={IMPORT_MODE_INFO[m].label} description={IMPORT_MODE_INFO[m].description} disabled={props.importing} />
          ))}
        </Stack>
      </Radio.Group>
      <Group gap={6}>
        <IconClock size={16} />
        <Text size="sm">
          Estimated time: {formatImportEstimate(preview.totalRows, rate)} at about {formatCount(rate)} rows per second
        </Text>
        {props.updateMode && <Badge variant="light">update mode</Badge>}
      </Group>
      {props.previewError && (
        <Alert color="red" variant="light">
          {props.previewError}
        </Alert>
      )}
      {showsStandardWarning(mode, preview.totalRows) && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Performance warning">
          {IMPORT_MESSAGES.standardWarning}
        </Alert>
      )}
      {props.saveProfile}
      <Group justify="space-between" className={classes.footer}>
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={props.onBack} disabled={props.importing}>
          Back to Mapping
        </Button>
        <Group gap="sm">
          {props.vendorId === null && (
            <Text size="sm" c="red.7">
              {IMPORT_MESSAGES.selectVendorInline}
            </Text>
          )}
          {/* While importing the button itself says so; otherwise a disabled button says why. */}
          <DisabledReason reason={props.importing ? null : importBlockedReason(props)}>
            <Button
              leftSection={<IconUpload size={16} />}
              onClick={props.onImport}
              disabled={props.importing || importBlockedReason(props) !== null}
            >
              {props.importing ? 'Importing...' : 'Import Data'}
            </Button>
          </DisabledReason>
        </Group>
      </Group>
    </Stack>
  );
}
