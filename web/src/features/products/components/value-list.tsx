import { SimpleGrid, Text, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a value without content reads as: a muted dash, named for screen readers. */
export function EmptyValue() {
  return (
    <Text span c="dimmed" aria-label="Not set">
      —
    </Text>
  );
}

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === false || (typeof value === 'string' && value.trim() === '');

/**
 * Read-only values as a description list: labels above values, one column on a phone. They read
 * as text, not as inputs that cannot be typed in (issue 24 point 11).
 */
export function ValueList({ children, cols = { base: 1, sm: 2 } }: { children: ReactNode; cols?: SimpleGridProps['cols'] }) {
  return (
    <SimpleGrid component="dl" cols={cols} spacing="lg" verticalSpacing="md" m={0}>
      {children}
    </SimpleGrid>
  );
}

/** One labelled value of a ValueList; empty text (or none) shows as a muted dash. */
export function Value({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} mt={2} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {isEmpty(children) ? <EmptyValue /> : children}
      </Text>
    </div>
  );
}
