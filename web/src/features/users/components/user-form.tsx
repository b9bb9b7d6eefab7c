import { PERMISSION_KEYS, PERMISSION_LABELS, type User } from '@bosun/shared';
import { Checkbox, Fieldset, NativeSelect, Stack, TextInput } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { FormActions, useServerCheckedForm } from '../../../components/ui/form-fields';
import { PasswordField } from '../../../components/ui/password-field';
import { ROLE_LABELS } from '../../auth';
import { userFormDefaults, userFormResolver, type UserFormMode, type UserPayload } from '../user-form-values';

const ROLE_OPTIONS = [
  { value: 'shop_manager', label: ROLE_LABELS.shop_manager },
  { value: 'admin', label: ROLE_LABELS.admin },
];

export type ServerFieldErrors = Partial<Record<'username' | 'email' | 'password' | 'role', string>>;

interface UserFormProps {
  mode: UserFormMode;
  user?: User;
  /** Resolves to the field messages the server returned (shown under the fields), or nothing. */
  onSubmit: (payload: UserPayload) => Promise<ServerFieldErrors | void>;
  onCancel: () => void;
}

export function UserForm({ mode, user, onSubmit, onCancel }: UserFormProps) {
  const { form, input, submit } = useServerCheckedForm({ resolver: userFormResolver(mode), defaultValues: userFormDefaults(user), onSubmit });
  const role = useWatch({ control: form.control, name: 'role' });

  return (
    <form onSubmit={submit} noValidate aria-label={mode === 'create' ? 'Add user' : 'Edit user'}>
      <Stack gap="md">
        <TextInput label="Username" withAsterisk autoComplete="off" {...input('username')} />
        <TextInput label="Email" type="email" withAsterisk autoComplete="off" {...input('email')} />
        <PasswordField
          label="Password"
          withAsterisk={mode === 'create'}
          description={mode === 'edit' ? 'Leave empty to keep the current password' : undefined}
          autoComplete="new-password"
          {...input('password')}
        />
        <NativeSelect label="Role" withAsterisk data={ROLE_OPTIONS} {...input('role')} />
        {role === 'shop_manager' && (
          <Fieldset legend="Permissions" variant="filled">
            <Stack gap={8}>
              {PERMISSION_KEYS.map((key) => (
                <Controller
                  key={key}
                  control={form.control}
                  name={`permissions.${key}`}
                  render={({ field }) => (
                    <Checkbox
                      label={PERMISSION_LABELS[key]}
                      name={field.name}
                      ref={field.ref}
                      checked={field.value}
                      onChange={(event) => field.onChange(event.currentTarget.checked)}
                      onBlur={field.onBlur}
                    />
                  )}
                />
              ))}
            </Stack>
          </Fieldset>
        )}
        <FormActions mt="xs" submitLabel={mode === 'create' ? 'Create User' : 'Update User'} submitting={form.formState.isSubmitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
