import { IMPORT_MESSAGES, type FieldMapping, type ImportFieldGroup } from '@bosun/shared';
import { Alert, Badge, Button, Card, Group, Loader, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEye, IconHistory } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DisabledReason } from '../../../../components/ui/disabled-reason';
import { assignHeader, unmappedHeaders } from './field-mapping';
import classes from './import-wizard.module.css';
import { formatCount, formatDate, plural } from '../../../../lib/format';

interface Props {
  fileName: string;
  headers: string[];
  groups: ImportFieldGroup[] | undefined;
  fieldsLoading: boolean;
  fieldsError: string | null;
  mapping: FieldMapping;
  onMappingChange: (mapping: FieldMapping) => void;
  /** Said when the mapping is one remembered for the vendor; null for the automatic one. */
  rememberedNotice: string | null;
  onResetToAutomatic: () => void;
  vendorField: ReactNode;
  /** 'Start from a profile', once a vendor is chosen. */
  profilePicker: ReactNode;
  previewing: boolean;
  previewError: string | null;
  onBack: () => void;
  onPreview: () => void;
}

/** What the mapping step says when it starts from the vendor's remembered mapping. */
export const rememberedMappingNotice = (vendorName: string, savedAt: string | null) =>
  `Mapping remembered from the last import for ${vendorName}${savedAt ? ` on ${formatDate(savedAt)}` : ''}.`;

/** Step 2: which column feeds which field; a column feeds one field at most. */
export function MappingStep(props: Props) {
  const { headers, groups, mapping } = props;
  const fieldCount = groups?.reduce((n, g) => n + g.fields.length, 0) ?? 0;
  const mappedCount = Object.keys(mapping).length;
  const unmapped = unmappedHeaders(headers, mapping);
  const headerOptions = [{ value: '', label: '— Not mapped —' }, ...headers.filter((h) => h !== '').map((h) => ({ value: h, label: h }))];

  return (
    <Stack gap="md">
      <Text size="sm">
        File <b>{props.fileName}</b> has {plural(headers.length, 'column')}. Choose the column for each product field; SKU and Product Name are
        required.
      </Text>
      {props.vendorField}
      {props.profilePicker}
      {props.rememberedNotice && (
        <Alert color="blue" variant="light" icon={<IconHistory size={18} />} aria-label="Remembered mapping" role="status">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{props.rememberedNotice}</Text>
            <Button size="compact-sm" variant="subtle" onClick={props.onResetToAutomatic}>
              Reset to automatic mapping
            </Button>
          </Group>
        </Alert>
      )}
      {props.fieldsLoading && (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Loading database fields...</Text>
        </Group>
      )}
      {props.fieldsError && (
        <Alert color="red" variant="light">
          {props.fieldsError}
        </Alert>
      )}
      {groups?.map((group) => (
        <Card key={group.name} withBorder padding="sm">
          <Title order={3} size="h5" mb="xs">
            {group.name}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
            {group.fields.map((field) => (
              <NativeSelect
                key={field.key}
                label={field.label}
                withAsterisk={field.required}
                data={headerOptions}
                value={mapping[field.key] ?? ''}
                onChange={(event) => props.onMappingChange(assignHeader(mapping, field.key, event.currentTarget.value || null))}
              />
            ))}
          </SimpleGrid>
        </Card>
      ))}
      <Stack gap="sm" className={classes.footer}>
        <Card withBorder padding="xs" bg="var(--mantine-color-gray-0)" aria-label="Mapping summary" component="section">
          <Text fw={600} size="sm">
            Mapping summary
          </Text>
          <Text size="sm">
            {formatCount(mappedCount)} of {plural(fieldCount, 'field')} mapped; {formatCount(headers.length - unmapped.length)} of {plural(headers.length, 'column')} used.
          </Text>
          {unmapped.length > 0 && (
            <Group gap={4} mt={4}>
              <Text size="sm" c="dimmed">
                Not imported (unmapped columns):
              </Text>
              {unmapped.map((h) => (
                <Badge key={h} variant="outline" color="gray" tt="none">
                  {h}
                </Badge>
              ))}
            </Group>
          )}
          {(!mapping.sku || !mapping.name) && (
            <Text size="sm" c="orange.8" mt={4}>
              SKU and Product Name should be mapped: rows without them are reported as errors.
            </Text>
          )}
        </Card>
        {props.previewError && (
          <Alert color="red" variant="light">
            {props.previewError}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={props.onBack}>
            Back
          </Button>
          <DisabledReason reason={mappedCount === 0 ? IMPORT_MESSAGES.mapOneColumn : null}>
            <Button
              leftSection={<IconEye size={16} />}
              loading={props.previewing}
              disabled={props.previewing || mappedCount === 0}
              onClick={props.onPreview}
            >
              Preview Data
            </Button>
          </DisabledReason>
        </Group>
      </Stack>
    </Stack>
  );
}
