import { USER_MESSAGES, type CreateUserBody, type UpdateUserBody, type User } from '@bosun/shared';

import { notify } from '../../../components/ui/notify';
import { errorMessage, fieldErrorsFromApiError } from '../../../lib/api-errors';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import type { UserPayload } from '../user-form-values';
import { UserForm, type ServerFieldErrors } from './user-form';
import { useIsPhone } from '../../../components/ui/use-is-phone';
import { Dialog } from '../../../components/ui/dialog';

const SERVER_FIELDS = ['username', 'email', 'password', 'role'] as const;

interface UserFormModalProps {
  opened: boolean;
  /** The user being edited; none to add a new one. */
  user: User | null;
  onClose: () => void;
}

export function UserFormModal({ opened, user, onClose }: UserFormModalProps) {
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const mode = user ? 'edit' : 'create';

  const save = async (payload: UserPayload): Promise<ServerFieldErrors | void> => {
    try {
      if (user) {
        await updateUser.mutateAsync({ id: user.id, body: payload as UpdateUserBody });
        notify.success(USER_MESSAGES.updated);
      } else {
        await createUser.mutateAsync(payload as CreateUserBody);
        notify.success(USER_MESSAGES.created);
      }
      onClose();
    } catch (error) {
      // A taken username or email is shown under its field; anything else as a toast.
      const fieldErrors = fieldErrorsFromApiError(error, SERVER_FIELDS);
      if (Object.keys(fieldErrors).length > 0) return fieldErrors;
      notify.error(errorMessage(error, USER_MESSAGES.saveFailed));
    }
  };

  // A long form: the whole screen on a phone, its fields one under the other.
  const phone = useIsPhone();
  return (
    <Dialog opened={opened} onClose={onClose} title={user ? 'Edit User' : 'Add User'} size="md" fullScreen={phone}>
      {/* Keyed so that each opening starts from the user's current values. */}
      <UserForm key={user?.id ?? 'new'} mode={mode} user={user ?? undefined} onSubmit={save} onCancel={onClose} />
    </Dialog>
  );
}
