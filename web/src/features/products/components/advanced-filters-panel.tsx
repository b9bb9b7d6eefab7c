import { FILTER_COLUMNS, MAX_TAGS, OPERATOR_LABELS, operatorNeedsTwoValues, operatorNeedsValue, operatorsFor, tagKey, untrackedStockNote } from '@bosun/shared';
import { ActionIcon, Badge, Button, Card, Group, NativeSelect, Stack, TagsInput, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Dispatch, SetStateAction } from 'react';
import {
  appliedFilterRows,
  columnType,
  newFilterRow,
  withColumn,
  withOperator,
  type FilterRowDraft,
} from '../model/advanced-filter-rows';
import { FilterValueInput } from './filter-value-input';

const COLUMN_OPTIONS = [
  { value: '', label: 'Select column' },
  ...Object.entries(FILTER_COLUMNS).map(([value, { label }]) => ({ value, label })),
];

interface AdvancedFiltersPanelProps {
  rows: FilterRowDraft[];
  onChange: Dispatch<SetStateAction<FilterRowDraft[]>>;
  /** Products with any of these tags. */
  tags: string[];
  onTagsChange: (tags: string[]) => void;
}

interface FilterRowProps {
  row: FilterRowDraft;
  index: number;
  onChange: (row: FilterRowDraft) => void;
  /** Values arrive after a pause, so they are written onto the row as it is then, not as it was. */
  onValue: (patch: Pick<FilterRowDraft, 'value'> | Pick<FilterRowDraft, 'value2'>) => void;
  onRemove: () => void;
}

function FilterRow({ row, index, onChange, onValue, onRemove }: FilterRowProps) {
  const type = columnType(row.column);
  const n = index + 1;
  const operatorOptions = [
    { value: '', label: 'Select operator' },
    ...operatorsFor(row.column).map((op) => ({ value: op, label: OPERATOR_LABELS[op] ?? op })),
  ];
  const needsValue = type !== undefined && row.operator !== '' && operatorNeedsValue(row.operator);
  const needsTwo = needsValue && operatorNeedsTwoValues(row.operator);
  // A new column or operator starts a fresh value box (its draft belongs to the old shape).
  const inputKey = `${row.id}:${row.column}:${row.operator}`;
  // Whether products with untracked stock are in the results: the server filters by the same shared rule.
  const note = untrackedStockNote(row.column, row.operator);

  return (
    // Top-aligned: the Stock operator's note under it makes that box taller than the others (the 'and' and the remove button are set to the inputs' middle).
    <Group gap="xs" wrap="wrap" align="flex-start" role="group" aria-label={`Filter ${n}`}>
      <NativeSelect
        aria-label={`Filter ${n} column`}
        data={COLUMN_OPTIONS}
        value={row.column}
        onChange={(event) => onChange(withColumn(row, event.currentTarget.value))}
        w={190}
      />
      <NativeSelect
        aria-label={`Filter ${n} operator`}
        data={operatorOptions}
        value={row.operator}
        disabled={!row.column}
        onChange={(event) => onChange(withOperator(row, event.currentTarget.value))}
        w={200}
        // Under the operator, and its accessible description.
        description={note}
        inputWrapperOrder={['input', 'description']}
      />
      {needsValue && (
        <div style={{ width: 180 }}>
          <FilterValueInput key={`${inputKey}:1`} type={type} value={row.value} label={`Filter ${n} value`} onChange={(value) => onValue({ value })} />
        </div>
      )}
      {needsTwo && (
        <>
          <Text size="sm" c="dimmed" aria-hidden mt={7}>
            and
          </Text>
          <div style={{ width: 180 }}>
            <FilterValueInput
              key={`${inputKey}:2`}
              type={type}
              value={row.value2}
              label={`Filter ${n} second value`}
              onChange={(value2) => onValue({ value2 })}
            />
          </div>
        </>
      )}
      <ActionIcon variant="subtle" color="red" aria-label={`Remove filter ${n}`} onClick={onRemove} mt={4}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

/**
 * Rows of column / operator / value. A row filters the list as soon as it is complete; the header
 * counts the rows that do.
 */
export function AdvancedFiltersPanel({ rows, onChange, tags, onTagsChange }: AdvancedFiltersPanelProps) {
  const active = appliedFilterRows(rows).length + (tags.length > 0 ? 1 : 0);
  const update = (id: string, change: (row: FilterRowDraft) => FilterRowDraft) =>
    onChange((current) => current.map((row) => (row.id === id ? change(row) : row)));

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="advanced-filters-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={2} size="h5" id="advanced-filters-title">
              Advanced Filters
            </Title>
            <Badge variant="light" color={active ? 'blue' : 'gray'} aria-label={`${active} active filters`}>
              {active} active
            </Badge>
          </Group>
        </Group>
        <TagsInput
          label="Has any of these tags"
          placeholder={tags.length ? undefined : 'Type a tag, then Enter'}
          value={tags}
          onChange={onTagsChange}
          maxTags={MAX_TAGS}
          isDuplicate={(value, current) => current.some((tag) => tagKey(tag) === tagKey(value.trim()))}
          clearable
          maw={560}
        />
        {rows.map((row, index) => (
          <FilterRow
            key={row.id}
            row={row}
            index={index}
            onChange={(next) => update(row.id, () => next)}
            onValue={(patch) => update(row.id, (current) => ({ ...current, ...patch }))}
            onRemove={() => onChange((current) => current.filter((r) => r.id !== row.id))}
          />
        ))}
        <Group gap="xs">
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => onChange((current) => [...current, newFilterRow()])}>
            Add filter row
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => {
              onChange([]);
              onTagsChange([]);
            }}
          >
            Clear all advanced filters
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
