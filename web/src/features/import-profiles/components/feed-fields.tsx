import { FEED_EVERY_HOURS_MAX, FEED_EVERY_HOURS_MIN, type ImportProfileFields } from '@bosun/shared';
import { Button, Group, NativeSelect, Radio, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Controller, useController, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { FormNumericInput } from '../../../components/ui/numeric-input';
import { PasswordField } from '../../../components/ui/password-field';
import { useSettings } from '../../settings';
import { hasSecretFor } from '../model/feed-form-values';
import { DailyTimeFields } from './daily-time-fields';
import type { ProfileFormValues } from '../model/profile-form-values';

type FormControl = Control<ProfileFormValues, unknown, ImportProfileFields>;

const AUTH_OPTIONS = [
  { value: 'none', label: 'None' },
  { value: 'basic', label: 'Basic: user name and password' },
  { value: 'header', label: 'Header: header name and token' },
];
const SCHEDULE_OPTIONS = [
  { value: 'none', label: 'None: only when Run now is pressed' },
  { value: 'hours', label: 'Every N hours' },
  { value: 'daily', label: 'Daily at a time' },
];

/**
 * The profile's supplier feed (issue 22): off (staff upload the file) or fetched from a URL, with
 * its authentication, schedule, whether each run is the vendor's full list, and the share of
 * failed rows that holds a run at its dry run. The messages are the shared schema's.
 */
export function FeedFields({ control, setValue }: { control: FormControl; setValue: UseFormSetValue<ProfileFormValues> }) {
  const [enabled, authKind, scheduleKind, storedSecretKind] = useWatch({ control, name: ['feed.enabled', 'feed.authKind', 'feed.schedule.kind', 'feed.storedSecretKind'] });
  const timeZone = useSettings().data?.time_zone ?? 'UTC';

  return (
    <Stack gap="sm">
      <Controller
        control={control}
        name="feed.enabled"
        render={({ field }) => (
          <Radio.Group label="The vendor's file" value={field.value ? 'url' : 'upload'} onChange={(choice) => field.onChange(choice === 'url')}>
            <Group gap="lg" mt={6}>
              <Radio value="upload" label="Uploaded by staff (no feed)" />
              <Radio value="url" label="Fetched from a URL" />
            </Group>
          </Radio.Group>
        )}
      />
      {enabled && (
        <>
          <Controller
            control={control}
            name="feed.url"
            render={({ field, fieldState }) => (
              <TextInput
                label="Feed URL"
                withAsterisk
                placeholder="https://vendor.example/stock.csv"
                description="http:// or https://. The user name and password go in the fields below, never in the address."
                autoComplete="off"
                {...field}
                error={fieldState.error?.message}
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <Controller
              control={control}
              name="feed.authKind"
              render={({ field }) => (
                <NativeSelect
                  label="Authentication"
                  data={AUTH_OPTIONS}
                  {...field}
                  onChange={(event) => {
                    field.onChange(event.currentTarget.value);
                    // A user name is no header name: the other authentication starts empty.
                    setValue('feed.authName', '');
                  }}
                />
              )}
            />
            {authKind !== 'none' && (
              <Controller
                control={control}
                name="feed.authName"
                render={({ field, fieldState }) => (
                  <TextInput
                    label={authKind === 'basic' ? 'User name' : 'Header name'}
                    placeholder={authKind === 'header' ? 'X-Api-Key' : undefined}
                    autoComplete="off"
                    {...field}
                    error={fieldState.error?.message}
                  />
                )}
              />
            )}
          </SimpleGrid>
          {authKind !== 'none' && (
            <SecretField control={control} hasStoredSecret={hasSecretFor({ authKind, storedSecretKind })} noun={authKind === 'basic' ? 'password' : 'token'} />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <Controller
              control={control}
              name="feed.schedule.kind"
              render={({ field }) => (
                <NativeSelect
                  label="Schedule"
                  description={`Times are the shop's time zone: ${timeZone} (Settings).`}
                  data={SCHEDULE_OPTIONS}
                  {...field}
                  onChange={(event) => field.onChange(event.currentTarget.value)}
                />
              )}
            />
            {scheduleKind === 'hours' && (
              <FormNumericInput control={control} name="feed.schedule.everyHours" label="Every (hours)" integer description={`From ${FEED_EVERY_HOURS_MIN} to ${FEED_EVERY_HOURS_MAX}.`} />
            )}
            {scheduleKind === 'daily' && <DailyTimeFields control={control} timeZone={timeZone} />}
          </SimpleGrid>
          <Controller
            control={control}
            name="feed.fullList"
            render={({ field }) => (
              <Switch
                label="Each run is the vendor's full list (the missing-product rule applies to the products it does not name)"
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
          <FormNumericInput
            control={control}
            name="feed.maxFailedPercent"
            label="Largest share of failed rows (%)"
            description="A run whose dry run fails more rows than this is held there, not imported, until staff confirm."
            maw={360}
          />
        </>
      )}
    </Stack>
  );
}

/**
 * The write-only password or token: a stored one is never shown. Kept unless staff replace it
 * (a new one typed) or remove it; with none stored for this authentication, what is typed is the new one.
 */
function SecretField({ control, hasStoredSecret, noun }: { control: FormControl; hasStoredSecret: boolean; noun: 'password' | 'token' }) {
  const { field: action } = useController({ control, name: 'feed.secretAction' });
  const label = noun === 'password' ? 'Password' : 'Token';
  const input = (
    <Controller
      control={control}
      name="feed.authSecret"
      render={({ field, fieldState }) => (
        <PasswordField label={hasStoredSecret ? `New ${noun}` : label} autoComplete="new-password" maw={360} {...field} error={fieldState.error?.message} />
      )}
    />
  );
  if (!hasStoredSecret) return input;
  return (
    <Stack gap={6} role="group" aria-label={`Stored ${noun}`}>
      {action.value === 'keep' && (
        <Group gap="sm">
          <Text size="sm">A {noun} is stored.</Text>
          <Button size="compact-sm" variant="light" onClick={() => action.onChange('replace')}>
            Replace
          </Button>
          <Button size="compact-sm" variant="light" color="red" onClick={() => action.onChange('remove')}>
            Remove
          </Button>
        </Group>
      )}
      {action.value === 'remove' && (
        <Group gap="sm">
          <Text size="sm" c="orange.8">
            The stored {noun} is removed when the profile is saved.
          </Text>
          <Button size="compact-sm" variant="default" onClick={() => action.onChange('keep')}>
            Keep it
          </Button>
        </Group>
      )}
      {action.value === 'replace' && (
        <Group gap="sm" align="flex-end">
          {input}
          <Button size="compact-sm" variant="default" mb={6} onClick={() => action.onChange('keep')}>
            Keep the stored {noun}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
