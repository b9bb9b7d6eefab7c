import type { HistoryEntry } from '@bosun/shared';
import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconArrowBackUp, IconRestore } from '@tabler/icons-react';
import { fieldLabel, fieldOrder, formatHistoryValue, type HistoryUnits, type ReferenceName } from '../model/history-fields';
import { ChangeSourceLabel } from './change-source';
import { ChangeTime } from './change-time';
import { FieldDiff } from './field-diff';
import classes from './history.module.css';

const ACTION_BADGES = {
  created: { label: 'Created', color: 'teal' },
  updated: { label: 'Updated', color: 'blue' },
  deleted: { label: 'Deleted', color: 'red' },
} as const;

export interface HistoryEntryCardProps {
  entry: HistoryEntry;
  units: HistoryUnits;
  nameOf?: ReferenceName;
  /** The newest entry is the product as it is: nothing to restore. */
  isCurrent: boolean;
  /** No restore buttons (a deleted product's history). */
  readOnly?: boolean;
  busy: boolean;
  onRestoreVersion: (entry: HistoryEntry) => void;
  onRestoreField: (entry: HistoryEntry, field: string) => void;
}

/** One change to the product: who, when, from where, and its fields old -> new. */
export function HistoryEntryCard({ entry, units, nameOf, isCurrent, readOnly = false, busy, onRestoreVersion, onRestoreField }: HistoryEntryCardProps) {
  const fields = [...entry.fields].sort((a, b) => fieldOrder(a.field) - fieldOrder(b.field));
  const badge = ACTION_BADGES[entry.action];
  const canRestore = !readOnly && !isCurrent && entry.action !== 'deleted';
  return (
    <Card withBorder padding="sm" component="article" aria-label={`Change ${entry.id}`} className={entry.undone ? classes.undone : undefined}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Badge color={badge.color} variant="light">
              {badge.label}
            </Badge>
            {entry.undone && (
              <Badge color="gray" variant="filled" leftSection={<IconArrowBackUp size={12} />}>
                Undone
              </Badge>
            )}
            <Text size="sm" fw={500}>
              {entry.user?.username ?? 'Unknown user'}
            </Text>
            <ChangeTime at={entry.at} />
            <ChangeSourceLabel source={entry.source} changeId={entry.changeId} importRunId={entry.importRunId} />
          </Group>
          {isCurrent && !readOnly && (
            <Text size="xs" c="dimmed">
              Current version
            </Text>
          )}
          {canRestore && (
            <Button size="compact-sm" variant="light" leftSection={<IconRestore size={14} />} disabled={busy} onClick={() => onRestoreVersion(entry)}>
              Restore this version
            </Button>
          )}
        </Group>
        {entry.action === 'created' && (
          <Text size="sm" c="dimmed">
            The product was created.
          </Text>
        )}
        {entry.action === 'deleted' && <DeletedState entry={entry} units={units} nameOf={nameOf} />}
        {entry.action === 'updated' && fields.length > 0 && (
          <Stack gap={6}>
            {fields.map((change) => {
              const label = fieldLabel(change.field, units);
              return (
                <div key={change.field} className={classes.fieldRow}>
                  <Text size="sm" fw={500} className={classes.fieldLabel}>
                    {label}
                  </Text>
                  <div className={classes.fieldDiff}>
                    <FieldDiff change={change} label={label} units={units} nameOf={nameOf} />
                  </div>
                  {canRestore && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      className={classes.fieldRestore}
                      disabled={busy}
                      aria-label={`Restore ${label} to ${formatHistoryValue(change.field, change.after, units, nameOf)}`}
                      onClick={() => onRestoreField(entry, change.field)}
                    >
                      Restore
                    </Button>
                  )}
                </div>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** A deleted product's last state, as it was when it went. */
function DeletedState({ entry, units, nameOf }: { entry: HistoryEntry; units: HistoryUnits; nameOf?: ReferenceName }) {
  const fields = entry.fields.filter((f) => f.before !== null && f.before !== '').sort((a, b) => fieldOrder(a.field) - fieldOrder(b.field));
  return (
    <Table fz="sm" withRowBorders={false} verticalSpacing={2} aria-label="Last state before deletion">
      <Table.Tbody>
        {fields.map((f) => (
          <Table.Tr key={f.field}>
            <Table.Td w="40%" maw={170} fw={500}>
              {fieldLabel(f.field, units)}
            </Table.Td>
            <Table.Td className={classes.value}>{formatHistoryValue(f.field, f.before, units, nameOf)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
