import { CHANGE_SOURCE_LABELS, type ChangeSource } from '@bosun/shared';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

const OPERATIONS: readonly ChangeSource[] = ['bulk_edit', 'bulk_delete', 'category_merge', 'category_delete', 'category_mapping', 'vendor_delete', 'undo', 'restore'];

/** Where a change came from: 'Import #12' (a link to the Imports page), 'Bulk edit #40', 'Edited'. */
export function ChangeSourceLabel({ source, changeId, importRunId }: { source: ChangeSource | null; changeId: number | null; importRunId: number | null }) {
  if (!source) return <Text size="sm">—</Text>;
  const label = CHANGE_SOURCE_LABELS[source];
  if (source === 'import' && importRunId !== null) {
    return (
      <Anchor component={Link} to={`/imports#import-${importRunId}`} size="sm">
        {label} #{importRunId}
      </Anchor>
    );
  }
  // A whole operation is numbered by its change, as the Recent changes page lists it.
  if (OPERATIONS.includes(source) && changeId !== null) {
    return (
      <Text size="sm" component="span">
        {label} #{changeId}
      </Text>
    );
  }
  return (
    <Text size="sm" component="span">
      {label}
    </Text>
  );
}
