import { FILE_DELIMITERS, FILE_ENCODINGS, IMPORT_FIELD_GROUPS, IMPORT_MODE_INFO, IMPORT_MODES, type ImportProfile, type ImportProfileFields, type VendorName } from '@bosun/shared';
import { Fieldset, NativeSelect, ScrollArea, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { FormActions, FormNativeSelect, useServerCheckedForm } from '../../../components/ui/form-fields';
import { assignField, profileFormDefaults, profileFormResolver } from '../model/profile-form-values';
import { FeedFields } from './feed-fields';
import { PriceRulesFields } from './price-rules-fields';
import { RulesFields } from './rules-fields';

const ENCODING_LABELS: Record<(typeof FILE_ENCODINGS)[number], string> = { auto: 'Detect from the file', 'utf-8': 'UTF-8', 'windows-1252': 'Windows-1252 (Excel on Windows)' };
const DELIMITER_LABELS: Record<(typeof FILE_DELIMITERS)[number], string> = { auto: 'Detect from the file', ',': 'Comma ,', ';': 'Semicolon ;', '\t': 'Tab', '|': 'Pipe |' };
const FIELD_OPTIONS = [
  { value: '', label: '— Not imported —' },
  ...IMPORT_FIELD_GROUPS.flatMap((group) => group.fields.map((field) => ({ value: field.key, label: `${group.name}: ${field.label}` }))),
];

export type ProfileServerFieldErrors = Partial<Record<'name' | 'vendorId', string>>;

interface Props {
  profile: ImportProfile;
  vendors: VendorName[];
  /** Resolves to the field messages the server returned (a name the vendor has already), or nothing. */
  onSubmit: (payload: ImportProfileFields) => Promise<ProfileServerFieldErrors | void>;
  onCancel: () => void;
}

/** An import profile's edit: name, vendor, the header row's mapping, the file's format, the mode, every rule, the supplier feed and the price rules. */
export function ProfileForm({ profile, vendors, onSubmit, onCancel }: Props) {
  const { form, input, submit } = useServerCheckedForm({ resolver: profileFormResolver, defaultValues: profileFormDefaults(profile), onSubmit });
  const {
    control,
    formState: { isSubmitting },
  } = form;
  const headers = profile.headers;

  return (
    <form onSubmit={submit} noValidate aria-label="Edit import profile">
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput label="Profile name" withAsterisk autoComplete="off" data-autofocus {...input('name')} />
          <FormNativeSelect control={control} name="vendorId" label="Vendor" withAsterisk data={vendors.map((v) => ({ value: String(v.id), label: v.name }))} />
        </SimpleGrid>

        <Fieldset legend="Header row → field">
          {headers.length === 0 ? (
            <Text size="sm" c="dimmed">
              The profile has no header row: save it from the import wizard to map a file's columns.
            </Text>
          ) : (
            <Controller
              control={control}
              name="fieldOfHeader"
              render={({ field }) => (
                <ScrollArea.Autosize mah={360} type="auto">
                  <Table verticalSpacing={4} aria-label="Header row mapping">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Column in the file</Table.Th>
                        <Table.Th>Product field</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {headers.map((header, i) => (
                        <Table.Tr key={`${header}-${i}`}>
                          <Table.Td style={{ wordBreak: 'break-word' }}>{header || <Text c="dimmed">(no name)</Text>}</Table.Td>
                          <Table.Td>
                            <NativeSelect
                              aria-label={`Field for ${header}`}
                              data={FIELD_OPTIONS}
                              value={field.value[i] ?? ''}
                              onChange={(event) => field.onChange(assignField(field.value, i, event.currentTarget.value))}
                            />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea.Autosize>
              )}
            />
          )}
        </Fieldset>

        <Fieldset legend="File and mode">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
            <FormNativeSelect control={control} name="encoding" label="Encoding" data={FILE_ENCODINGS.map((e) => ({ value: e, label: ENCODING_LABELS[e] }))} />
            <FormNativeSelect control={control} name="delimiter" label="Delimiter" data={FILE_DELIMITERS.map((d) => ({ value: d, label: DELIMITER_LABELS[d] }))} />
            <FormNativeSelect control={control} name="mode" label="Import mode" data={IMPORT_MODES.map((m) => ({ value: m, label: IMPORT_MODE_INFO[m].label }))} />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Rules">
          <Controller control={control} name="rules" render={({ field }) => <RulesFields value={field.value} onChange={field.onChange} />} />
        </Fieldset>

        <Fieldset legend="Supplier feed">
          <FeedFields control={control} setValue={form.setValue} />
        </Fieldset>

        <Fieldset legend="Price rules">
          <PriceRulesFields control={control} />
        </Fieldset>

        <FormActions submitLabel="Save profile" submitting={isSubmitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
