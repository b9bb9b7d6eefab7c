import type { Variation } from '@bosun/shared';
import { Checkbox } from '@mantine/core';
import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { notify } from '../../../components/ui/notify';
import { cellError, originalDraft, splitPastedColumn, type RowEdits, type TextField } from '../model/variation-grid';
import type { GridColumn } from './grid-columns';
import type { GridActions } from './variations-grid';
import classes from './variations-grid.module.css';

interface TextCellProps {
  variation: Variation;
  index: number;
  column: GridColumn;
  field: TextField;
  edits: RowEdits | undefined;
  serverMessage: string | undefined;
  /** The parent's value a blank cell falls back to, shown greyed. */
  placeholder: string | undefined;
  rowLabel: string;
  actions: GridActions;
}

/**
 * One editable cell. What is typed stays in the cell (checked with the shared schema at every key)
 * until it is left or Enter is pressed: then it becomes one grid edit, which Undo takes back whole.
 */
export function TextCell({ variation, index, column, field, edits, serverMessage, placeholder, rowLabel, actions }: TextCellProps) {
  const draft = (edits?.[field] as string | undefined) ?? (originalDraft(variation, field) as string);
  const [typing, setTyping] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const text = typing ?? draft;
  const changed = edits?.[field] !== undefined;
  const message = cellError(field, text) ?? (typing === null ? serverMessage : undefined);
  // A blank cell that takes the product's value says so while it has the focus (a tap on a phone),
  // under the cell as its message would be, not in a title no touch screen shows.
  const hint = placeholder !== undefined ? `The product's ${column.label.toLowerCase()}: ${placeholder}` : undefined;
  const note = message ?? hint;
  const messageId = `cell-${variation.id}-${field}-message`;

  const commit = () => {
    if (typing !== null && typing !== draft) actions.commit(variation.id, field, typing);
    setTyping(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
    if (event.key === 'Escape') setTyping(null);
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const values = splitPastedColumn(event.clipboardData.getData('text/plain'));
    if (values.length < 2) return; // one value: the input's own paste
    event.preventDefault();
    if (values.some((value) => value.includes('\t'))) {
      notify.error('Paste one column at a time: the copied cells span several columns');
      return;
    }
    setTyping(null);
    actions.pasteColumn(index, field, values);
  };

  return (
    <div role="cell" className={`${classes.td} ${column.numeric ? classes.right : ''}`} style={{ width: column.width }}>
      <input
        className={`${classes.input} ${column.numeric ? classes.number : ''}`}
        aria-label={`${column.label} of ${rowLabel}`}
        value={text}
        placeholder={placeholder}
        inputMode={column.inputMode}
        autoComplete="off"
        spellCheck={false}
        data-changed={changed || undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={note ? messageId : undefined}
        onChange={(event) => setTyping(event.currentTarget.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          commit();
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
      />
      {note && (
        <div id={messageId} className={classes.cellMessage} data-hint={message ? undefined : true} hidden={!focused}>
          {note}
        </div>
      )}
    </div>
  );
}

interface EnabledCellProps {
  variation: Variation;
  edits: RowEdits | undefined;
  width: number;
  label: string;
  onCommit: GridActions['commit'];
}

export function EnabledCell({ variation, edits, width, label, onCommit }: EnabledCellProps) {
  const value = (edits?.enabled as boolean | undefined) ?? variation.enabled;
  return (
    <div role="cell" className={`${classes.td} ${classes.checkCell}`} data-changed={edits?.enabled !== undefined || undefined} style={{ width, justifyContent: 'center' }}>
      <Checkbox size="xs" aria-label={`Enabled: ${label}`} checked={value} onChange={(event) => onCommit(variation.id, 'enabled', event.currentTarget.checked)} />
    </div>
  );
}
