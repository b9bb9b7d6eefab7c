import { relativeBarPercent } from '@bosun/shared';
import { Group, Progress, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { plural } from '../../../lib/format';

/**
 * One row of a dashboard bar chart: the label, the count in words, and a bar as long as the count
 * relative to the largest one drawn beside it (the largest is full).
 */
export function CountBar({ label, name, count, largest, color }: { label: ReactNode; name: string; count: number; largest: number; color?: string }) {
  const countText = plural(count, 'product');
  return (
    <>
      <Group justify="space-between" wrap="nowrap" mb={6} gap="xs">
        {label}
        <Text size="sm" c="dimmed" style={{ flex: 'none' }}>
          {countText}
        </Text>
      </Group>
      <Progress value={relativeBarPercent(count, largest)} size="sm" color={color} aria-label={`${name}: ${countText}`} />
    </>
  );
}
