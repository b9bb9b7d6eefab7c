import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCount } from '../../lib/format';

/** A labelled figure with an icon, as the dashboard and the vendor screen show their totals; `note` says what it leaves out or adds. */
export function StatCard({ label, value, icon, color, note }: { label: string; value: number; icon: ReactNode; color: string; note?: string }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.2} mt={4}>
            {formatCount(value)}
          </Text>
          {note && (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          )}
        </div>
        <ThemeIcon size={44} radius="md" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}
