import type { ImportPreviewResponse } from '@bosun/shared';
import { Alert, Badge, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatCount } from '../../../../lib/format';
import { confirmMissingLabel, missingPlanText, needsMissingConfirmation, overLimitText } from './dry-run-summary';
import { PriceChangesTable } from '../../../../components/ui/price-changes-table';
import { fieldChangeRows } from '../../../../lib/dry-run-fields';

interface Props {
  dry: ImportPreviewResponse['dryRun'];
  currency: string;
  confirmMissing: boolean;
  onConfirmMissingChange: (on: boolean) => void;
  disabled: boolean;
}

/**
 * What the run would do to stored products (issue 22), before anything is written: the updates'
 * changes per field, the rows that change nothing, the ten largest price changes, and the plan
 * for the vendor's products the file does not name, so that a wrong file is caught.
 */
export function DryRunChangesSummary({ dry, currency, confirmMissing, onConfirmMissingChange, disabled }: Props) {
  const { changes, missing } = dry;
  const priced = dry.pricedByRules ?? 0;
  if (!changes && !missing && priced === 0) return null;
  const fieldRows = changes ? fieldChangeRows(changes) : [];

  return (
    <Stack gap="sm" component="section" aria-label="Changes to existing products">
      {changes && (
        <>
          <Title order={3} size="h5">
            Changes to existing products
          </Title>
          <Group gap="xs">
            <Text size="sm">
              Unchanged: <b>{formatCount(changes.unchanged)}</b>
            </Text>
            {fieldRows.length === 0 ? (
              <Text size="sm" c="dimmed">
                No field of a stored product would change.
              </Text>
            ) : (
              fieldRows.map((row) => (
                <Badge key={row.key} variant="light" tt="none" aria-label={`${row.label}: ${formatCount(row.count)} changed`}>
                  {row.label}: {formatCount(row.count)}
                </Badge>
              ))
            )}
          </Group>
          {changes.topPriceChanges.length > 0 && (
            <PriceChangesTable changes={changes.topPriceChanges} currency={currency} minWidth={480} />
          )}
        </>
      )}
      {priced > 0 && (
        <Text size="sm">
          List prices set by the profile's price rules: <b>{formatCount(priced)}</b>
        </Text>
      )}
      {missing && (
        <Alert
          color={missing.overLimit ? 'orange' : 'blue'}
          variant="light"
          icon={missing.overLimit ? <IconAlertTriangle size={18} /> : undefined}
          title="Products missing from the file"
          aria-label="Products missing from the file"
        >
          <Stack gap={6}>
            <Text size="sm">{missingPlanText(missing)}</Text>
            {missing.overLimit && <Text size="sm">{overLimitText(missing)}</Text>}
            {needsMissingConfirmation(missing) && (
              <Checkbox
                label={confirmMissingLabel(missing)}
                checked={confirmMissing}
                disabled={disabled}
                onChange={(event) => onConfirmMissingChange(event.currentTarget.checked)}
              />
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
