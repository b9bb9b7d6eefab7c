import { APP_VERSION, CURRENCIES, DEFAULT_HISTORY_DAYS, HISTORY_DAYS_MAX, HISTORY_DAYS_MIN, SETTINGS_MESSAGES, updateSettingsBodySchema, type Settings, type UpdateSettingsBody } from '@bosun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, NativeSelect, Radio, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { NumericInput } from '../../../components/ui/numeric-input';
import { notify } from '../../../components/ui/notify';
import { showServerFieldErrors } from '../../../lib/api-errors';
import { currencySymbol, formatDate } from '../../../lib/format';
import { isAdmin, useCurrentUser } from '../../auth';
import { useUpdateSettings } from '../api/update-settings';
import { settingsErrorMessage } from '../settings-error-message';
import { LogoPreview } from './logo-preview';
import { timeZoneOptions } from './time-zone-options';

const SERVER_FIELDS = ['company_name', 'logo_url', 'weight_unit', 'dimension_unit', 'currency', 'time_zone', 'history_days'] as const;

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });
const CURRENCY_OPTIONS = CURRENCIES.map((code) => ({ value: code, label: `${currencyNames.of(code) ?? code} (${currencySymbol(code)}, ${code})` }));

interface SettingsFormProps {
  settings: Settings;
  /** Without the settings permission the form is shown read-only (the server would refuse a save). */
  canEdit: boolean;
}

export function SettingsForm({ settings, canEdit }: SettingsFormProps) {
  const updateSettings = useUpdateSettings();
  // Only an admin decides how long the change history is kept (the server refuses anyone else).
  const admin = isAdmin(useCurrentUser());
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<UpdateSettingsBody, unknown, UpdateSettingsBody>({ resolver: zodResolver(updateSettingsBodySchema), defaultValues: settings });
  const logoUrl = useWatch({ control, name: 'logo_url' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { history_days, ...rest } = values;
      const { settings: saved } = await updateSettings.mutateAsync(admin ? { ...rest, history_days } : rest);
      reset(saved);
      notify.success(SETTINGS_MESSAGES.updated);
    } catch (error) {
      showServerFieldErrors(error, setError, SERVER_FIELDS);
      notify.error(settingsErrorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Company settings">
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="lg">
          {!canEdit && (
            <Alert color="yellow" icon={<IconInfoCircle />} title="Read-only">
              You can view the company settings but not change them. Ask an administrator for Settings Access.
            </Alert>
          )}
          <Card withBorder padding="lg">
            <Title order={3} size="h4" mb="md">
              Company Information
            </Title>
            <Stack gap="md">
              <TextInput label="Company Name" error={errors.company_name?.message} {...register('company_name')} />
              <TextInput
                label="Logo URL"
                placeholder="https://example.com/logo.png"
                description="An address starting with http://, https:// or /"
                error={errors.logo_url?.message}
                {...register('logo_url')}
              />
              <LogoPreview url={logoUrl} />
            </Stack>
          </Card>

          <Card withBorder padding="lg">
            <Title order={3} size="h4" mb="md">
              Units, currency and time zone
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <Controller
                control={control}
                name="weight_unit"
                render={({ field }) => (
                  <Radio.Group label="Weight unit" value={field.value} onChange={field.onChange} error={errors.weight_unit?.message}>
                    <Group mt={6}>
                      <Radio value="kg" label="Kilograms (kg)" />
                      <Radio value="lb" label="Pounds (lb)" />
                    </Group>
                  </Radio.Group>
                )}
              />
              <Controller
                control={control}
                name="dimension_unit"
                render={({ field }) => (
                  <Radio.Group label="Dimension unit" value={field.value} onChange={field.onChange} error={errors.dimension_unit?.message}>
                    <Group mt={6}>
                      <Radio value="cm" label="Centimetres (cm)" />
                      <Radio value="in" label="Inches (in)" />
                    </Group>
                  </Radio.Group>
                )}
              />
              <NativeSelect
                label="Currency"
                description="Every price is shown in it, with 2 decimals"
                data={CURRENCY_OPTIONS}
                error={errors.currency?.message}
                {...register('currency')}
              />
              <Controller
                control={control}
                name="time_zone"
                render={({ field }) => (
                  <Select
                    label="Time zone"
                    description="Daily supplier feeds run at their time in this zone"
                    data={timeZoneOptions()}
                    searchable
                    allowDeselect={false}
                    nothingFoundMessage="No time zone matches"
                    name={field.name}
                    ref={field.ref}
                    value={field.value ?? null}
                    onChange={(value) => field.onChange(value ?? undefined)}
                    onBlur={field.onBlur}
                    error={errors.time_zone?.message}
                  />
                )}
              />
            </SimpleGrid>
          </Card>

          {admin && (
            <Card withBorder padding="lg">
              <Title order={3} size="h4" mb={4}>
                Change history
              </Title>
              <Text size="sm" c="dimmed" mb="md">
                Every change to a product is recorded. Older changes are pruned in the background; a product deleted before then can no longer be
                restored. {HISTORY_DAYS_MIN} to {HISTORY_DAYS_MAX} days, {DEFAULT_HISTORY_DAYS} by default.
              </Text>
              <Controller
                control={control}
                name="history_days"
                render={({ field }) => (
                  <NumericInput
                    label="Keep change history for N days"
                    integer
                    maw={320}
                    value={field.value === undefined || Number.isNaN(field.value) ? '' : field.value}
                    // What is typed stays as typed, with the schema's message at once ('History days must be a whole number').
                    check={(value) => updateSettingsBodySchema.shape.history_days.safeParse(value).error?.issues[0]?.message}
                    // Empty or not a number is NaN, so the schema refuses the save instead of the field being left out of it.
                    onChange={(value) => field.onChange(typeof value === 'number' ? value : Number.NaN)}
                    onBlur={field.onBlur}
                    error={errors.history_days?.message}
                  />
                )}
              />
            </Card>
          )}

          <Card withBorder padding="lg">
            <Title order={3} size="h4" mb="md">
              System Information
            </Title>
            <SimpleGrid cols={2} maw={360} spacing={4}>
              <Text size="sm" c="dimmed">Version</Text>
              <Text size="sm">{APP_VERSION}</Text>
              <Text size="sm" c="dimmed">Last Updated</Text>
              <Text size="sm">{formatDate(new Date())}</Text>
            </SimpleGrid>
          </Card>

          {canEdit && (
            <Group justify="flex-end">
              <Button variant="default" onClick={() => reset(settings)} disabled={!isDirty || updateSettings.isPending}>
                Reset
              </Button>
              <Button type="submit" loading={updateSettings.isPending}>
                Save Settings
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
