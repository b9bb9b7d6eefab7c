import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCount } from '../../lib/format';

interface StatCardProps {
  label: string;
  value: number;
  icon: ReactNode;
  color: string;
  /** What the figure leaves out or adds. */
  note?: string;
  /** Small, for a phone: two to a row, four in less than a fifth of the screen (issue 24). */
  compact?: boolean;
}

/** A labelled figure with an icon, as the dashboard and the vendor screen show their totals. */
export function StatCard({ label, value, icon, color, note, compact = false }: StatCardProps) {
  return (
    <Card withBorder padding={compact ? 'xs' : 'lg'} component="section" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap={compact ? 6 : 'md'}>
        <div style={{ minWidth: 0 }}>
          <Text size={compact ? 'xs' : 'sm'} c="dimmed" fw={500} lh={compact ? 1.3 : undefined}>
            {label}
          </Text>
          <Text fz={compact ? 20 : 28} fw={700} lh={1.2} mt={compact ? 0 : 4}>
            {formatCount(value)}
          </Text>
          {note && (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          )}
        </div>
        <ThemeIcon size={compact ? 28 : 44} radius="md" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}
