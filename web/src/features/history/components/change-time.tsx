import { Text, Tooltip } from '@mantine/core';
import { formatExactTime, formatRelativeTime } from '../model/relative-time';

/** When a change happened: relative, the exact time on hover, the machine-readable one in <time>. */
export function ChangeTime({ at, size = 'sm' }: { at: string | null; size?: string }) {
  if (!at) return <Text size={size}>—</Text>;
  const exact = formatExactTime(at);
  return (
    <Tooltip label={exact} withArrow>
      <Text component="time" dateTime={at} size={size} style={{ whiteSpace: 'nowrap' }}>
        {formatRelativeTime(at)}
      </Text>
    </Tooltip>
  );
}
