import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Divider, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from '../../../components/ui/password-field';
import { notify } from '../../../components/ui/notify';
import { errorMessage, showServerFieldErrors } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/format';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { profileFormSchema, toUpdateProfileBody, type ProfileFormValues } from '../profile-form-schema';
import { ROLE_COLORS, ROLE_LABELS } from '../role-labels';
import { useCurrentUser } from '../session-context';
import { Dialog } from '../../../components/ui/dialog';

const FORM_FIELDS = ['email', 'currentPassword', 'newPassword'] as const;

export function ProfileModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const sessionUser = useCurrentUser();
  const profile = useProfile({ enabled: opened });
  const user = profile.data?.user ?? sessionUser;
  const updateProfile = useUpdateProfile();

  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { email: user.email, currentPassword: '', newPassword: '', confirmNewPassword: '' },
  });

  // Each opening starts from the account as it is now.
  useEffect(() => {
    if (opened) reset({ email: user.email, currentPassword: '', newPassword: '', confirmNewPassword: '' });
  }, [opened, user.email, reset]);

  const onSubmit = handleSubmit(async (values) => {
    const body = toUpdateProfileBody(values, user);
    if (!body.success) {
      for (const issue of body.error.issues) setError(String(issue.path[0] ?? 'email') as 'email', { message: issue.message });
      return;
    }
    try {
      await updateProfile.mutateAsync(body.data);
      notify.success('Profile updated successfully');
      onClose();
    } catch (error) {
      if (!showServerFieldErrors(error, setError, FORM_FIELDS)) notify.error(errorMessage(error, 'Error updating profile'));
    }
  });

  return (
    <Dialog opened={opened} onClose={onClose} title="Profile" size="md">
      <Stack gap="md">
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
          <Text size="sm" c="dimmed">Username</Text>
          <Text size="sm" fw={500}>{user.username}</Text>
          <Text size="sm" c="dimmed">Role</Text>
          <div>
            <Badge color={ROLE_COLORS[user.role]} variant="light">{ROLE_LABELS[user.role]}</Badge>
          </div>
          <Text size="sm" c="dimmed">Email</Text>
          <Text size="sm">{user.email}</Text>
          <Text size="sm" c="dimmed">Member since</Text>
          <Text size="sm">{formatDate(user.created_at)}</Text>
        </SimpleGrid>
        <Divider label="Change email or password" labelPosition="left" />
        <form onSubmit={onSubmit} noValidate aria-label="Change email or password">
          <Stack gap="sm">
            <TextInput label="Email" type="email" autoComplete="email" withAsterisk error={errors.email?.message} {...register('email')} />
            <PasswordField
              label="New password"
              description="Leave empty to keep your password"
              autoComplete="new-password"
              error={errors.newPassword?.message}
              {...register('newPassword')}
            />
            <PasswordField
              label="Confirm new password"
              autoComplete="new-password"
              error={errors.confirmNewPassword?.message}
              {...register('confirmNewPassword')}
            />
            <PasswordField
              label="Current password"
              description="Needed to confirm any change"
              autoComplete="current-password"
              withAsterisk
              error={errors.currentPassword?.message}
              {...register('currentPassword')}
            />
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={onClose}>Cancel</Button>
              <Button type="submit" loading={updateProfile.isPending}>Save Changes</Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Dialog>
  );
}
