import { HISTORY_MESSAGES } from '@bosun/shared';
import { Button, Card, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useIsPhone } from '../../../components/ui/use-is-phone';
import { ChangeTime, fieldLabel, fieldOrder, formatHistoryValue, type HistoryUnits } from '../../history';
import type { useStaleSave } from '../hooks/use-stale-save';
import { asHistoryValue } from '../model/stale-save';
import { Dialog } from '../../../components/ui/dialog';

type Pick = 'mine' | 'theirs';

export interface StaleVersionModalProps {
  /** The refused save and its three ways on (useStaleSave). */
  stale: ReturnType<typeof useStaleSave>;
  units: HistoryUnits;
  nameOf?: (field: string, id: number) => string | undefined;
  busy: boolean;
}

/** A save refused because someone changed the product meanwhile: who changed what, and three ways on. */
export function StaleVersionModal({ stale, units, nameOf, busy }: StaleVersionModalProps) {
  const conflict = stale.stale?.conflict ?? null;
  const mine = stale.stale?.body ?? {};
  const [merging, setMerging] = useState(false);
  const [picks, setPicks] = useState<Record<string, Pick>>({});
  // A new refusal (or none) starts without a merge under way.
  const [shown, setShown] = useState(conflict);
  if (shown !== conflict) {
    setShown(conflict);
    setMerging(false);
    setPicks({});
  }
  const changes = [...(conflict?.changes ?? [])].sort((a, b) => fieldOrder(a.field) - fieldOrder(b.field));
  const close = stale.clear;
  const show = (field: string, value: unknown) => formatHistoryValue(field, asHistoryValue(value), units, nameOf);
  const phone = useIsPhone();
  const yours = (field: string) => (field in mine ? show(field, mine[field]) : '(not in your save)');
  const choice = (field: string, label: string) => (
    <SegmentedControl
      size="xs"
      aria-label={`Keep for ${label}`}
      value={picks[field] ?? 'mine'}
      onChange={(value) => setPicks((current) => ({ ...current, [field]: value as Pick }))}
      data={[
        { value: 'mine', label: 'Mine' },
        { value: 'theirs', label: 'Theirs' },
      ]}
    />
  );

  return (
    <Dialog opened={conflict !== null} onClose={close} title={HISTORY_MESSAGES.staleVersion} size="xl" fullScreen={phone} closeOnClickOutside={!busy}>
      <Stack gap="md">
        <Text size="sm">
          {changes.length === 1 ? 'This field was' : `These ${changes.length} fields were`} changed while you were editing. Your save was not applied.
        </Text>
        {phone ? (
          <Stack gap="sm" aria-label="Fields changed meanwhile">
            {changes.map((change) => {
              const label = fieldLabel(change.field, units);
              return (
                <Card key={change.field} withBorder padding="sm" component="section" aria-label={label}>
                  <Stack gap={4}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {label}
                      </Text>
                      {merging && choice(change.field, label)}
                    </Group>
                    <Text size="sm" lineClamp={3}>
                      <Text span c="dimmed">
                        Yours:{' '}
                      </Text>
                      {yours(change.field)}
                    </Text>
                    <Text size="sm" lineClamp={3}>
                      <Text span c="dimmed">
                        Theirs:{' '}
                      </Text>
                      {formatHistoryValue(change.field, change.theirs, units, nameOf)}
                    </Text>
                    <Group gap={6}>
                      <Text size="xs" c="dimmed">
                        by {change.user?.username ?? 'Someone'}
                      </Text>
                      <ChangeTime at={change.at} size="xs" />
                    </Group>
                  </Stack>
                </Card>
              );
            })}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table fz="sm" verticalSpacing="xs" aria-label="Fields changed meanwhile">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Yours</Table.Th>
                  <Table.Th>Theirs (saved now)</Table.Th>
                  <Table.Th>Changed by</Table.Th>
                  {merging && <Table.Th>Keep</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changes.map((change) => {
                  const label = fieldLabel(change.field, units);
                  return (
                    <Table.Tr key={change.field}>
                      <Table.Td fw={500}>{label}</Table.Td>
                      <Table.Td maw={220}>
                        <Text size="sm" lineClamp={3}>
                          {yours(change.field)}
                        </Text>
                      </Table.Td>
                      <Table.Td maw={220}>
                        <Text size="sm" lineClamp={3}>
                          {formatHistoryValue(change.field, change.theirs, units, nameOf)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{change.user?.username ?? 'Someone'}</Text>
                        <ChangeTime at={change.at} size="xs" />
                      </Table.Td>
                      {merging && (
                        <Table.Td>
                          {choice(change.field, label)}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="flex-end" gap="xs" wrap="wrap">
          {merging ? (
            <>
              <Button variant="default" onClick={() => setMerging(false)} disabled={busy}>
                Back
              </Button>
              <Button
                loading={busy}
                onClick={() => stale.merge(new Set(Object.entries(picks).filter(([, pick]) => pick === 'theirs').map(([field]) => field)))}
              >
                Save merged
              </Button>
            </>
          ) : (
            <>
              <Button variant="default" onClick={stale.takeTheirs} disabled={busy}>
                Take theirs
              </Button>
              <Button variant="light" onClick={() => setMerging(true)} disabled={busy}>
                Merge field by field
              </Button>
              <Button color="orange" onClick={stale.keepMine} loading={busy}>
                Keep mine
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Dialog>
  );
}
