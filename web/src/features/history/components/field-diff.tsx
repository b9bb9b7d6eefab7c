import type { FieldChange } from '@bosun/shared';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { fieldKind, formatHistoryValue, htmlToText, listItems, type HistoryUnits, type ReferenceName } from '../model/history-fields';
import classes from './history.module.css';
import { TextDiffView } from './text-diff-view';
import { TruncatedText } from '../../../components/ui/truncated-text';

/** Short texts read best as old -> new; longer ones as a text with the changed words marked. */
const LONG_TEXT = 80;

interface FieldDiffProps {
  change: FieldChange;
  label: string;
  units: HistoryUnits;
  nameOf?: ReferenceName;
}

/** One field's change: old -> new in the form's formats, a text diff for descriptions, list changes for images and tags. */
export function FieldDiff({ change, label, units, nameOf }: FieldDiffProps) {
  const kind = fieldKind(change.field);
  if (kind === 'list') return <ListDiff before={listItems(change.before)} after={listItems(change.after)} label={label} />;
  if (kind === 'rich' || kind === 'text') {
    const before = kind === 'rich' ? htmlToText(String(change.before ?? '')) : String(change.before ?? '');
    const after = kind === 'rich' ? htmlToText(String(change.after ?? '')) : String(change.after ?? '');
    if (kind === 'rich' || before.length > LONG_TEXT || after.length > LONG_TEXT) {
      if (before === '' || after === '') return <ValueDiff before={before || '—'} after={after || '—'} label={label} />;
      return <TextDiffView before={before} after={after} label={label} />;
    }
  }
  return (
    <ValueDiff
      before={formatHistoryValue(change.field, change.before, units, nameOf)}
      after={formatHistoryValue(change.field, change.after, units, nameOf)}
      label={label}
    />
  );
}

function ValueDiff({ before, after, label }: { before: string; after: string; label: string }) {
  return (
    <Group gap={6} wrap="wrap" align="baseline" aria-label={`${label}: ${before} to ${after}`} role="group">
      <Text size="sm" component="del" className={`${classes.value} ${classes.removed}`}>
        {before}
      </Text>
      <IconArrowRight size={14} aria-hidden />
      <Text size="sm" component="ins" className={`${classes.value} ${classes.added}`}>
        {after}
      </Text>
    </Group>
  );
}

function ListDiff({ before, after, label }: { before: string[]; after: string[]; label: string }) {
  const removed = before.filter((item) => !after.includes(item));
  const added = after.filter((item) => !before.includes(item));
  const kept = after.filter((item) => before.includes(item));
  return (
    <Stack gap={4} aria-label={`${label}: changes to the list`} role="group">
      {removed.length > 0 && <Items title="Removed" items={removed} color="red" />}
      {added.length > 0 && <Items title="Added" items={added} color="teal" />}
      {removed.length === 0 && added.length === 0 && <Text size="sm">Same items, new order</Text>}
      {kept.length > 0 && <Items title="Kept" items={kept} color="gray" />}
    </Stack>
  );
}

function Items({ title, items, color }: { title: string; items: string[]; color: string }) {
  return (
    <Group gap={6} wrap="wrap" align="center">
      <Text size="xs" c="dimmed" w={60}>
        {title}
      </Text>
      {items.map((item) => (
        <Badge key={item} color={color} variant="light" tt="none" maw="100%">
          <TruncatedText full={item}>{item}</TruncatedText>
        </Badge>
      ))}
    </Group>
  );
}
