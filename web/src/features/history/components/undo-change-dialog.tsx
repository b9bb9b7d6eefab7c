import { CHANGE_SOURCE_LABELS, type UndoBody, type UndoPreview, type UndoStatusEvent } from '@bosun/shared';
import { Alert, Button, Center, Group, List, Loader, Radio, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-errors';
import { useUndoPreview } from '../api/get-undo-preview';
import { formatExactTime } from '../model/relative-time';
import { UndoProgress } from './undo-progress';
import { formatCount, plural } from '../../../lib/format';

type ConflictChoice = UndoBody['conflicts'];

const products = (count: number) => plural(count, 'product');

/** Where the undo started from the dialog is: not yet, running (with its progress), done or refused. */
export type UndoRun =
  | { state: 'idle' }
  | { state: 'running'; progress: UndoStatusEvent | null }
  | { state: 'done'; message: string }
  | { state: 'failed'; message: string };

export interface UndoChangeDialogProps {
  changeId: number;
  /** Called with the choice once the user confirms; `run` then says how it goes. */
  onConfirm: (conflicts: ConflictChoice) => void;
  onCancel: () => void;
  run: UndoRun;
  /** Once done: takes the undo back in turn. */
  onUndoAgain?: () => void;
}

/**
 * The dry run of an undo, said in words, and the choice for products changed since; once
 * confirmed, the undo's progress, then its result, or its error above the plan to try again.
 */
export function UndoChangeDialog({ changeId, onConfirm, onCancel, run, onUndoAgain }: UndoChangeDialogProps) {
  const preview = useUndoPreview(changeId);
  const [choice, setChoice] = useState<ConflictChoice>('skip');

  // Before the preview's states: once undone, the dry run is asked afresh and answers 'undone already'.
  if (run.state === 'running') return <UndoProgress progress={run.progress} />;
  if (run.state === 'done') {
    return (
      <Stack gap="md">
        <Alert color="green" role="status">
          {run.message}
        </Alert>
        <Group justify="flex-end">
          {onUndoAgain && (
            <Button variant="default" onClick={onUndoAgain}>
              Undo this undo
            </Button>
          )}
          <Button onClick={onCancel}>Done</Button>
        </Group>
      </Stack>
    );
  }
  if (preview.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Checking what the undo would do" />
      </Center>
    );
  }
  if (preview.isError) {
    return (
      <Stack gap="md">
        <Alert color="red">{run.state === 'failed' ? run.message : errorMessage(preview.error, 'Error checking the undo')}</Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }
  const plan = preview.data;
  // The counts leave out the products changed since: overwriting them is work too.
  const nothing = plan.toDelete + plan.toRevert + plan.toRecreate === 0 && (plan.conflictCount === 0 || choice === 'skip');
  return (
    <Stack gap="md">
      {run.state === 'failed' && <Alert color="red">{run.message}</Alert>}
      <PlanSummary plan={plan} />
      {plan.conflictCount > 0 && <Conflicts plan={plan} choice={choice} onChoice={setChoice} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="orange" onClick={() => onConfirm(choice)} disabled={nothing}>
          Undo
        </Button>
      </Group>
    </Stack>
  );
}

function PlanSummary({ plan }: { plan: UndoPreview }) {
  const lines = [
    plan.toDelete > 0 && `Delete ${products(plan.toDelete)} it created`,
    plan.toRevert > 0 && `Put back the fields it changed on ${products(plan.toRevert)}`,
    plan.toRecreate > 0 && `Bring back ${products(plan.toRecreate)} it deleted`,
  ].filter((line): line is string => Boolean(line));
  if (lines.length === 0) {
    return <Text size="sm">{plan.conflictCount > 0 ? 'Every product of this change was changed again since.' : 'This change has nothing left to undo.'}</Text>;
  }
  return (
    <Stack gap={4}>
      <Text size="sm">{plan.conflictCount > 0 ? 'Besides the products changed since, the undo will:' : 'The undo will:'}</Text>
      <List size="sm" aria-label="What the undo will do">
        {lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed">
        It is recorded as a change of its own, which can be undone in turn.
      </Text>
    </Stack>
  );
}

function Conflicts({ plan, choice, onChoice }: { plan: UndoPreview; choice: ConflictChoice; onChoice: (choice: ConflictChoice) => void }) {
  return (
    <Alert color="yellow" title={`${products(plan.conflictCount)} changed again since`} p="sm">
      <Stack gap="sm">
        <ScrollArea.Autosize mah={200} type="auto">
          <Table fz="xs" verticalSpacing={4} aria-label="Products changed since">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>Changed since by</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {plan.conflicts.map((c) => (
                <Table.Tr key={c.productId}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text size="xs" fw={600}>
                      {c.sku ?? `#${c.productId}`}
                    </Text>
                    <Text size="xs">{c.name ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">
                      {c.user?.username ?? 'Unknown user'}
                      {c.source ? ` (${CHANGE_SOURCE_LABELS[c.source]})` : ''}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatExactTime(c.at)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        {plan.conflictCount > plan.conflicts.length && (
          <Text size="xs">
            Showing {formatCount(plan.conflicts.length)} of {formatCount(plan.conflictCount)}.
          </Text>
        )}
        <Radio.Group value={choice} onChange={(value) => onChoice(value as ConflictChoice)} label="For these products" name="conflicts">
          <Stack gap={6} mt={6}>
            <Radio value="skip" label="Skip them: keep their newer changes" />
            <Radio value="overwrite" label="Overwrite them: undo this change on them too" />
          </Stack>
        </Radio.Group>
      </Stack>
    </Alert>
  );
}
