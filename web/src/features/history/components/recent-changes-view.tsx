import { CHANGE_SOURCE_LABELS, UNDOABLE_SOURCES, type ChangeSource, type ChangeSummary } from '@bosun/shared';
import { Alert, Badge, Button, Card, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { IconArrowBackUp, IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { ContentLoader } from '../../../components/ui/loaders';
import { useIsPhone } from '../../../components/ui/use-is-phone';
import { errorMessage } from '../../../lib/api-errors';
import { useChanges } from '../api/get-changes';
import { useUndoActions } from '../hooks/use-undo-actions';
import { ChangeCounts } from './change-counts';
import { ChangeSourceLabel } from './change-source';
import { ChangeTime } from './change-time';
import { SimplePager } from './simple-pager';
import { HistoryPageHeader } from './history-page-header';

const PAGE_SIZE = 20;

/** The operations the page lists, all of them or one kind. */
const SOURCE_CHOICES = [{ value: '', label: 'All operations' }, ...UNDOABLE_SOURCES.map((value) => ({ value, label: CHANGE_SOURCE_LABELS[value] }))];

/** /changes: the last bulk operations, imports, restores and undos, each undoable. */
export function RecentChangesView() {
  const [page, setPage] = useState(1);
  const [source, setSource] = useState<ChangeSource | ''>('');
  const changes = useChanges({ page, limit: PAGE_SIZE, source: source || undefined });
  const { openUndoDialog } = useUndoActions();
  const phone = useIsPhone();
  const undo = (change: ChangeSummary) => openUndoDialog(change.id, `Undo change #${change.id}`);

  return (
    <Stack gap="md">
      <HistoryPageHeader
        title="Recent changes"
        description="Bulk edits, bulk deletes, imports, restores and undos, newest first. Undo takes a whole operation back."
        link={{ to: '/imports', label: 'Imports', icon: <IconFileImport size={16} /> }}
      />
      <NativeSelect
        aria-label="Show"
        data={SOURCE_CHOICES}
        value={source}
        onChange={(event) => {
          setSource(event.currentTarget.value as ChangeSource | '');
          setPage(1);
        }}
        w={{ base: '100%', sm: 240 }}
      />
      {changes.isPending ? (
        <ContentLoader label="Loading changes" />
      ) : changes.isError ? (
        <Alert color="red">{errorMessage(changes.error, 'Error loading the changes')}</Alert>
      ) : changes.data.changes.length === 0 ? (
        <Card withBorder>
          <Text c="dimmed">{source ? `No ${CHANGE_SOURCE_LABELS[source].toLowerCase()} recorded.` : 'No bulk operations or imports recorded yet.'}</Text>
        </Card>
      ) : phone ? (
        <Stack gap="sm" aria-label="Recent changes">
          {changes.data.changes.map((change) => (
            <ChangeCard key={change.id} change={change} onUndo={() => undo(change)} />
          ))}
        </Stack>
      ) : (
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" highlightOnHover aria-label="Recent changes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Change</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Products</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changes.data.changes.map((change) => (
                  <ChangeRow key={change.id} change={change} onUndo={() => undo(change)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {changes.data && changes.data.pagination.pages > 1 && (
        <SimplePager page={page} pages={changes.data.pagination.pages} total={changes.data.pagination.total} onPageChange={setPage} />
      )}
    </Stack>
  );
}

function ChangeName({ change }: { change: ChangeSummary }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <ChangeSourceLabel source={change.source} changeId={change.id} importRunId={change.importRunId} />
      {change.summary && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {change.summary}
        </Text>
      )}
    </Stack>
  );
}

function ChangeState({ change }: { change: ChangeSummary }) {
  if (change.undoneByChangeId !== null) {
    return (
      <Badge color="gray" variant="filled">
        Undone by #{change.undoneByChangeId}
      </Badge>
    );
  }
  if (change.revertsChangeId !== null) return <Text size="sm">Takes back #{change.revertsChangeId}</Text>;
  return (
    <Text size="sm" c="dimmed">
      Applied
    </Text>
  );
}

function UndoButton({ change, onUndo }: { change: ChangeSummary; onUndo: () => void }) {
  return (
    <Button
      size="xs"
      variant="light"
      color="orange"
      leftSection={<IconArrowBackUp size={14} />}
      disabled={change.undoneByChangeId !== null}
      onClick={onUndo}
      aria-label={`Undo change #${change.id}`}
    >
      Undo
    </Button>
  );
}

/** A change on a phone: the table's cells stacked in a card. */
function ChangeCard({ change, onUndo }: { change: ChangeSummary; onUndo: () => void }) {
  return (
    <Card withBorder padding="sm" component="article" aria-label={`Change #${change.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <ChangeName change={change} />
          <UndoButton change={change} onUndo={onUndo} />
        </Group>
        <Group gap="xs">
          <Text size="sm">{change.user?.username ?? 'Unknown user'}</Text>
          <ChangeTime at={change.at} />
        </Group>
        <Group justify="space-between">
          <ChangeCounts created={change.created} updated={change.updated} deleted={change.deleted} />
          <ChangeState change={change} />
        </Group>
      </Stack>
    </Card>
  );
}

function ChangeRow({ change, onUndo }: { change: ChangeSummary; onUndo: () => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <ChangeName change={change} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{change.user?.username ?? 'Unknown user'}</Text>
      </Table.Td>
      <Table.Td>
        <ChangeTime at={change.at} />
      </Table.Td>
      <Table.Td>
        <ChangeCounts created={change.created} updated={change.updated} deleted={change.deleted} />
      </Table.Td>
      <Table.Td>
        <ChangeState change={change} />
      </Table.Td>
      <Table.Td ta="right">
        <UndoButton change={change} onUndo={onUndo} />
      </Table.Td>
    </Table.Tr>
  );
}
