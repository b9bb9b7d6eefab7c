import type { ImportProfileFields } from '@bosun/shared';
import { Badge, Group, Input, NativeSelect, Tooltip } from '@mantine/core';
import { useController, type Control } from 'react-hook-form';
import type { ProfileFormValues } from '../model/profile-form-values';

const twoDigits = (n: number) => String(n).padStart(2, '0');
const HOURS = Array.from({ length: 24 }, (_, h) => twoDigits(h));
const MINUTES = Array.from({ length: 60 }, (_, m) => twoDigits(m));

/**
 * A daily feed's time as an Hour and a Minute select (24-hour clock), so only a time that exists
 * can be chosen; the value stays the schema's 'HH:MM'. The badge names the time zone the time is
 * in: the shop's, from Settings, which the scheduler uses.
 */
export function DailyTimeFields({ control, timeZone }: { control: Control<ProfileFormValues, unknown, ImportProfileFields>; timeZone: string }) {
  const { field, fieldState } = useController({ control, name: 'feed.schedule.at' });
  const [hour = '06', minute = '00'] = field.value.split(':');
  const setTime = (h: string, m: string) => field.onChange(`${h}:${m}`);
  return (
    <Input.Wrapper label="Daily at" description="24-hour clock." error={fieldState.error?.message}>
      <Group gap="xs" align="center" role="group" aria-label="Daily at">
        <NativeSelect aria-label="Hour" data={HOURS} value={hour} onChange={(event) => setTime(event.currentTarget.value, minute)} onBlur={field.onBlur} w={80} />
        <span aria-hidden>:</span>
        <NativeSelect aria-label="Minute" data={MINUTES} value={minute} onChange={(event) => setTime(hour, event.currentTarget.value)} onBlur={field.onBlur} w={80} />
        {/* A tap shows it too: the badge does nothing else, so nothing is left open over a control. */}
        <Tooltip label="The shop's time zone (Settings)" withArrow events={{ hover: true, focus: false, touch: true }}>
          <Badge variant="light" tt="none">
            {timeZone}
          </Badge>
        </Tooltip>
      </Group>
    </Input.Wrapper>
  );
}
