import { updateVendorBodySchema, type Vendor } from '@bosun/shared';
import { Loader, Text, TextInput, Tooltip, type MantineSize } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { TruncatedText } from '../../../components/ui/truncated-text';

/** Saves a new name; resolves to the message to show under the input when it was not saved. */
export type RenameVendor = (vendor: Vendor, name: string) => Promise<string | null>;

interface VendorNameFieldProps {
  vendor: Vendor;
  editing: boolean;
  onStartEditing: () => void;
  onStopEditing: () => void;
  onRename: RenameVendor;
  size?: MantineSize;
  /** A heading on cards and list rows; plain text in a table cell. */
  as?: 'h3' | 'span';
}

/** The vendor's name; a double-click (or F2 on the focused name) turns it into an input. */
export function VendorNameField({ vendor, editing, onStartEditing, onStopEditing, onRename, size = 'md', as = 'h3' }: VendorNameFieldProps) {
  const nameRef = useRef<HTMLElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    // A keyboard user who renamed with F2 and Enter carries on from the name, not from the top of the page.
    if (wasEditing.current && !editing && document.activeElement === document.body) nameRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (editing) return <VendorNameInput vendor={vendor} onDone={onStopEditing} onRename={onRename} size={size} />;
  return (
    <Text
      ref={(node: HTMLElement | null) => {
        nameRef.current = node;
      }}
      component={as}
      fw={600}
      size={size}
      m={0}
      lh={1.3}
      tabIndex={0}
      aria-keyshortcuts="F2"
      onDoubleClick={onStartEditing}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'F2') {
          event.preventDefault();
          onStartEditing();
        }
      }}
      style={{ cursor: 'text', userSelect: 'none', display: 'block' }}
    >
      {/* The hint makes the tooltip show on every name, cut or not: renaming in place is not obvious. */}
      <TruncatedText full={`${vendor.name} (double-click to rename)`}>{vendor.name}</TruncatedText>
    </Text>
  );
}

const RENAME_KEYS = 'Enter saves, Escape cancels';

function firstNameIssue(name: string): { name: string } | { error: string } {
  const parsed = updateVendorBodySchema.safeParse({ name });
  if (parsed.success) return { name: parsed.data.name ?? name.trim() };
  return { error: parsed.error.issues[0]?.message ?? 'Invalid name' };
}

function VendorNameInput({ vendor, onDone, onRename, size }: { vendor: Vendor; onDone: () => void; onRename: RenameVendor; size: MantineSize }) {
  const [value, setValue] = useState(vendor.name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Enter, then the blur that follows the input's removal, must not save twice; Escape must not save at all.
  const state = useRef<'editing' | 'saving' | 'closed'>('editing');

  const close = () => {
    state.current = 'closed';
    onDone();
  };

  const save = async () => {
    if (state.current !== 'editing') return;
    const checked = firstNameIssue(value);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    if (checked.name === vendor.name) {
      close();
      return;
    }
    state.current = 'saving';
    setSaving(true);
    const problem = await onRename(vendor, checked.name);
    setSaving(false);
    if (problem === null) {
      close();
    } else {
      state.current = 'editing';
      setError(problem);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      // The card is not a dialog: Escape here only ends the rename.
      event.preventDefault();
      event.stopPropagation();
      if (state.current === 'editing') close();
    }
  };

  // The keys are told while the name is edited (the input has the focus all along: leaving it
  // saves), above the input so that they never cover its error below.
  return (
    <Tooltip label={RENAME_KEYS} opened={!error && !saving} position="top-start" withArrow>
      <TextInput
        aria-label="Vendor name"
        value={value}
        size={size === 'lg' ? 'sm' : 'xs'}
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => void save()}
        readOnly={saving}
        error={error}
        rightSection={saving ? <Loader size={14} aria-label="Saving name" /> : null}
        aria-description={RENAME_KEYS}
      />
    </Tooltip>
  );
}
