import { IMPORT_PROFILE_MESSAGES, type ImportProfile, type ImportProfileFields, type VendorName } from '@bosun/shared';

import { notify } from '../../../components/ui/notify';
import { useIsPhone } from '../../../components/ui/use-is-phone';
import { errorMessage, fieldErrorsFromApiError } from '../../../lib/api-errors';
import { useUpdateImportProfile } from '../api/update-import-profile';
import { ProfileForm, type ProfileServerFieldErrors } from './profile-form';
import { Dialog } from '../../../components/ui/dialog';

interface Props {
  /** The profile being edited; null when the modal is closed. */
  profile: ImportProfile | null;
  vendors: VendorName[];
  onClose: () => void;
}

export function ProfileFormModal({ profile, vendors, onClose }: Props) {
  const update = useUpdateImportProfile();
  const phone = useIsPhone();

  const save = async (body: ImportProfileFields): Promise<ProfileServerFieldErrors | void> => {
    if (!profile) return;
    try {
      const saved = await update.mutateAsync({ id: profile.id, body });
      notify.success(`${IMPORT_PROFILE_MESSAGES.updated}: '${saved.name}'`);
      onClose();
    } catch (error) {
      // A name the vendor has already (409) is said under the name; anything else as a toast.
      const fieldErrors = fieldErrorsFromApiError(error, ['name', 'vendorId'] as const);
      if (Object.keys(fieldErrors).length > 0) return fieldErrors;
      notify.error(errorMessage(error, 'Error saving the profile'));
    }
  };

  return (
    <Dialog opened={profile !== null} onClose={onClose} title={profile ? `Edit profile '${profile.name}'` : ''} size="xl" fullScreen={phone}>
      {/* Keyed so that each opening starts from the profile's current values. */}
      {profile && <ProfileForm key={profile.id} profile={profile} vendors={vendors} onSubmit={save} onCancel={onClose} />}
    </Dialog>
  );
}
