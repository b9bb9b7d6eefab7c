import type { Variation, VariationsResponse } from '@bosun/shared';
import { Checkbox } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import type { GridState, RowEdits, RowMessages, TextField } from '../model/variation-grid';
import { GRID_COLUMNS, SELECT_WIDTH, VALUE_WIDTH, PROBLEMS_WIDTH, problemText } from './grid-columns';
import { EnabledCell, TextCell } from './grid-cells';
import classes from './variations-grid.module.css';
import { TruncatedText } from '../../../components/ui/truncated-text';

const ROW_HEIGHT = 40;
const HEADER_HEIGHT = 37;

export interface GridActions {
  commit: (id: number, field: TextField | 'enabled', value: string | boolean) => void;
  /** A column pasted into the row at `index` (in the grid's order). */
  pasteColumn: (index: number, field: TextField, values: string[]) => void;
  toggle: (id: number, selected: boolean) => void;
}

interface VariationsGridProps {
  rows: readonly Variation[];
  attributeNames: readonly string[];
  parent: VariationsResponse['product'];
  state: GridState;
  rowMessages: Readonly<Record<number, RowMessages>>;
  selected: ReadonlySet<number>;
  onSelectAll: (selected: boolean) => void;
  actions: GridActions;
  weightUnit: string;
}

/**
 * Every variation in one scrolling grid that draws only the rows in view, so 2,048 rows open and
 * scroll as quickly as twenty. Rows re-render only when their own data, edits or messages change.
 */
export function VariationsGrid({ rows, attributeNames, parent, state, rowMessages, selected, onSelectAll, actions, weightUnit }: VariationsGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    getItemKey: (index) => rows[index]?.id ?? index,
  });
  const width = SELECT_WIDTH + attributeNames.length * VALUE_WIDTH + GRID_COLUMNS.reduce((sum, c) => sum + c.width, 0) + PROBLEMS_WIDTH;
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const someSelected = !allSelected && rows.some((row) => selected.has(row.id));

  return (
    // The box is as tall as its rows, up to most of the window; past that it scrolls.
    <div ref={scrollRef} className={classes.scroller} style={{ height: `min(70vh, ${virtualizer.getTotalSize() + HEADER_HEIGHT + 2}px)` }}>
      <div role="table" aria-label="Variations" aria-rowcount={rows.length + 1} className={classes.grid} style={{ width }}>
        <div role="row" aria-rowindex={1} className={classes.head}>
          <div role="columnheader" className={classes.th} style={{ width: SELECT_WIDTH }}>
            <Checkbox
              size="xs"
              aria-label="Select all variations"
              checked={allSelected}
              indeterminate={someSelected}
              disabled={!rows.length}
              onChange={(event) => onSelectAll(event.currentTarget.checked)}
            />
          </div>
          {attributeNames.map((name) => (
            <div key={name} role="columnheader" className={classes.th} style={{ width: VALUE_WIDTH }}>
              {name}
            </div>
          ))}
          {GRID_COLUMNS.map((column) => (
            <div key={column.field} role="columnheader" className={`${classes.th} ${column.numeric ? classes.right : ''}`} style={{ width: column.width }}>
              {column.field === 'weight' ? `${column.label} (${weightUnit})` : column.label}
            </div>
          ))}
          <div role="columnheader" className={classes.th} style={{ width: PROBLEMS_WIDTH }}>
            Problems
          </div>
        </div>
        <div role="rowgroup" className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const variation = rows[item.index]!;
            return (
              <VariationRow
                key={variation.id}
                variation={variation}
                index={item.index}
                start={item.start}
                edits={state.edits[variation.id]}
                messages={rowMessages[variation.id]}
                selected={selected.has(variation.id)}
                inheritedWeight={parent.weight}
                actions={actions}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

interface RowProps {
  variation: Variation;
  index: number;
  start: number;
  edits: RowEdits | undefined;
  messages: RowMessages | undefined;
  selected: boolean;
  inheritedWeight: number | null;
  actions: GridActions;
}

const VariationRow = memo(function VariationRow({ variation, index, start, edits, messages, selected, inheritedWeight, actions }: RowProps) {
  const label = variation.values.join(' / ') || variation.sku;
  const problems = problemText(variation, edits, messages);
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-label={label}
      className={classes.row}
      data-selected={selected || undefined}
      data-changed={edits ? true : undefined}
      data-problem={problems ? true : undefined}
      style={{ transform: `translateY(${start}px)`, height: ROW_HEIGHT }}
    >
      <div role="cell" className={classes.td} style={{ width: SELECT_WIDTH }}>
        <Checkbox size="xs" aria-label={`Select ${label}`} checked={selected} onChange={(event) => actions.toggle(variation.id, event.currentTarget.checked)} />
      </div>
      {variation.values.map((value, i) => (
        <div key={i} role="cell" className={classes.td} style={{ width: VALUE_WIDTH }}>
          <TruncatedText className={classes.value} full={value}>
            {value}
          </TruncatedText>
        </div>
      ))}
      {GRID_COLUMNS.map((column) =>
        column.field === 'enabled' ? (
          <EnabledCell key="enabled" variation={variation} edits={edits} width={column.width} label={label} onCommit={actions.commit} />
        ) : (
          <TextCell
            key={column.field}
            variation={variation}
            index={index}
            column={column}
            field={column.field}
            edits={edits}
            serverMessage={messages?.[column.field]}
            placeholder={column.field === 'weight' && variation.weight === null && inheritedWeight !== null ? String(inheritedWeight) : undefined}
            rowLabel={label}
            actions={actions}
          />
        ),
      )}
      <div role="cell" className={`${classes.td} ${classes.problems}`} style={{ width: PROBLEMS_WIDTH }}>
        {problems && (
          <TruncatedText lines={2} full={problems}>
            {problems}
          </TruncatedText>
        )}
      </div>
    </div>
  );
});
