import { QUALITY_CHECK_NAMES, QUALITY_CHECKS, QUALITY_MESSAGES, qualityMarginPercentSchema, type QualityCheck, type QualitySettings } from '@bosun/shared';
import { Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../../components/ui/notify';
import { NumericInput, type NumericValue } from '../../../components/ui/numeric-input';
import { isApiError } from '../../../lib/api-client';
import { useQualitySettings } from '../api/get-quality-settings';
import { useUpdateQualitySettings } from '../api/update-quality-settings';

/** The margin percent's own message for a typed value (the server checks the same schema). */
const marginProblem = (value: NumericValue) => {
  const parsed = qualityMarginPercentSchema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

/** Settings' 'Catalogue quality' section: which checks make queues (and count in completeness), and the margin percent. */
export function QualitySettingsCard({ canEdit }: { canEdit: boolean }) {
  const settings = useQualitySettings();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="quality-settings-title">
      <Title id="quality-settings-title" order={2} size="h4" mb="xs">
        Catalogue quality
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        Each check switched on is a queue on the dashboard and counts in a product&apos;s completeness.
      </Text>
      {settings.isPending ? (
        <Text c="dimmed" size="sm">
          Loading…
        </Text>
      ) : settings.isError ? (
        <Text c="red" size="sm" role="alert">
          Could not load the quality checks
        </Text>
      ) : (
        <QualitySettingsForm settings={settings.data} canEdit={canEdit} />
      )}
    </Card>
  );
}

function QualitySettingsForm({ settings, canEdit }: { settings: QualitySettings; canEdit: boolean }) {
  const save = useUpdateQualitySettings();
  const [checks, setChecks] = useState<Record<QualityCheck, boolean>>(settings.checks);
  const [margin, setMargin] = useState<NumericValue>(settings.margin_percent);
  const marginError = marginProblem(margin === '' ? Number.NaN : margin);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (marginError || typeof margin !== 'number') return;
    try {
      const saved = await save.mutateAsync({ checks, margin_percent: margin });
      setChecks(saved.checks);
      setMargin(saved.margin_percent);
      notify.success(QUALITY_MESSAGES.settingsSaved);
    } catch (error) {
      notify.error(isApiError(error) && error.message ? error.message : QUALITY_MESSAGES.settingsFailed);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Quality checks">
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {QUALITY_CHECK_NAMES.map((check) => (
              <Checkbox
                key={check}
                label={QUALITY_CHECKS[check].label}
                checked={checks[check]}
                disabled={!canEdit}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setChecks((current) => ({ ...current, [check]: on }));
                }}
              />
            ))}
          </SimpleGrid>
          <NumericInput
            label="Lowest margin (%)"
            description="A price whose margin over vendor cost is under this share of it is flagged; 0 flags only prices below cost."
            value={margin}
            onChange={setMargin}
            check={marginProblem}
            error={margin === '' ? 'Quality margin percent must be a number' : undefined}
            maw={320}
            disabled={!canEdit}
          />
          {canEdit && (
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save quality checks
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
