import { VENDOR_STATUSES, type Vendor } from '@bosun/shared';
import { Autocomplete, Fieldset, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import {
  vendorFormDefaults,
  vendorFormResolver,
  type VendorFormField,
  type VendorFormMode,
  type VendorPayload,
} from '../vendor-form-values';
import { VENDOR_STATUS_LOOKS } from './vendor-status-badge';
import { FormActions, FormNativeSelect, useServerCheckedForm } from '../../../components/ui/form-fields';

export type VendorServerFieldErrors = Partial<Record<VendorFormField, string>>;

const STATUS_OPTIONS = VENDOR_STATUSES.map((status) => ({ value: status, label: VENDOR_STATUS_LOOKS[status].label }));
const PAYMENT_TERMS_SUGGESTIONS = ['Due on receipt', 'Net 15', 'Net 30', 'Net 45', 'Net 60', 'Prepaid', 'Cash on delivery'];

interface VendorFormProps {
  mode: VendorFormMode;
  vendor?: Vendor | null;
  /** Resolves to the field messages the server returned (shown under the fields), or nothing. */
  onSubmit: (payload: VendorPayload) => Promise<VendorServerFieldErrors | void>;
  onCancel: () => void;
}

export function VendorForm({ mode, vendor, onSubmit, onCancel }: VendorFormProps) {
  const { form, input, submit } = useServerCheckedForm({ resolver: vendorFormResolver(mode), defaultValues: vendorFormDefaults(vendor), onSubmit });
  const {
    control,
    formState: { errors, isSubmitting },
  } = form;

  return (
    <form onSubmit={submit} noValidate aria-label={mode === 'create' ? 'Add vendor' : 'Edit vendor'}>
      <Stack gap="lg">
        <Fieldset legend="Basic Information">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput label="Vendor Name" withAsterisk autoComplete="off" data-autofocus {...input('name')} />
            <TextInput label="Contact Person" autoComplete="off" {...input('contact_person')} />
            <TextInput label="Email" type="email" placeholder="orders@vendor.com" autoComplete="off" {...input('email')} />
            <TextInput label="Phone" type="tel" placeholder="+1 555 010 2000" autoComplete="off" {...input('phone')} />
            <TextInput label="Website" type="url" placeholder="https://vendor.com" autoComplete="off" {...input('website')} />
            <FormNativeSelect control={control} name="status" label="Status" data={STATUS_OPTIONS} />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Address Information">
          <Stack gap="sm">
            <TextInput label="Address" placeholder="Street and number" autoComplete="off" {...input('address')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <TextInput label="City" autoComplete="off" {...input('city')} />
              <TextInput label="State" autoComplete="off" {...input('state')} />
              <TextInput label="Postal Code" autoComplete="off" {...input('postal_code')} />
              <TextInput label="Country" autoComplete="off" {...input('country')} />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend="Business Information">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput label="Tax ID" autoComplete="off" {...input('tax_id')} />
            <Controller
              control={control}
              name="payment_terms"
              render={({ field }) => (
                <Autocomplete
                  label="Payment Terms"
                  placeholder="e.g. Net 30"
                  data={PAYMENT_TERMS_SUGGESTIONS}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.payment_terms?.message}
                  autoComplete="off"
                />
              )}
            />
            <TextInput label="Logo URL" type="url" placeholder="https://vendor.com/logo.png" autoComplete="off" {...input('logo_url')} />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Additional Information">
          <Stack gap="sm">
            <Textarea label="Description" rows={3} resize="vertical" {...input('description')} />
            <Textarea label="Notes" description="Internal notes, not shown to customers" rows={3} resize="vertical" {...input('notes')} />
          </Stack>
        </Fieldset>

        <FormActions submitLabel={mode === 'create' ? 'Create Vendor' : 'Update Vendor'} submitting={isSubmitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
