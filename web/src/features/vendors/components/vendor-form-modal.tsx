import { VENDOR_MESSAGES, type CreateVendorBody, type UpdateVendorBody, type Vendor } from '@bosun/shared';

import { notify } from '../../../components/ui/notify';
import { errorMessage, fieldErrorsFromApiError } from '../../../lib/api-errors';
import { useCreateVendor } from '../api/create-vendor';
import { useUpdateVendor } from '../api/update-vendor';
import { VENDOR_FORM_FIELDS, type VendorPayload } from '../vendor-form-values';
import { VendorForm, type VendorServerFieldErrors } from './vendor-form';
import { useIsPhone } from '../../../components/ui/use-is-phone';
import { Dialog } from '../../../components/ui/dialog';

interface VendorFormModalProps {
  opened: boolean;
  /** The vendor being edited; none to add a new one. */
  vendor: Vendor | null;
  onClose: () => void;
}

export function VendorFormModal({ opened, vendor, onClose }: VendorFormModalProps) {
  const createVendor = useCreateVendor();
  const updateVendor = useUpdateVendor();

  const save = async (payload: VendorPayload): Promise<VendorServerFieldErrors | void> => {
    try {
      if (vendor) {
        await updateVendor.mutateAsync({ id: vendor.id, body: payload as UpdateVendorBody });
        notify.success(VENDOR_MESSAGES.updated);
      } else {
        const created = await createVendor.mutateAsync(payload as CreateVendorBody);
        notify.success(VENDOR_MESSAGES.created(created.name));
      }
      onClose();
    } catch (error) {
      // A taken name or a rejected address is shown under its field; anything else as a toast.
      const fieldErrors = fieldErrorsFromApiError(error, VENDOR_FORM_FIELDS);
      if (Object.keys(fieldErrors).length > 0) return fieldErrors;
      notify.error(errorMessage(error, VENDOR_MESSAGES.saveFailed));
    }
  };

  // A long form: the whole screen on a phone, its fields one under the other.
  const phone = useIsPhone();
  return (
    <Dialog opened={opened} onClose={onClose} title={vendor ? 'Edit Vendor' : 'Add Vendor'} size="xl" fullScreen={phone} styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}>
      {/* Keyed so that each opening starts from the vendor's current values. */}
      <VendorForm key={vendor?.id ?? 'new'} mode={vendor ? 'edit' : 'create'} vendor={vendor} onSubmit={save} onCancel={onClose} />
    </Dialog>
  );
}
