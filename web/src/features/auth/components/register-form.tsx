import { AUTH_MESSAGES, registerFormSchema, type RegisterBody, type RegisterForm as RegisterFormValues } from '@bosun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PasswordField } from '../../../components/ui/password-field';
import { notify } from '../../../components/ui/notify';
import { errorMessage, showServerFieldErrors } from '../../../lib/api-errors';
import { useRegister } from '../api/register';
import { ROLE_LABELS } from '../role-labels';

const SERVER_FIELDS = ['username', 'email', 'password', 'role'] as const;

/** The confirmation is checked here and never sent. */
export function toRegisterBody({ confirmPassword: _confirmation, ...body }: RegisterFormValues): RegisterBody {
  return body;
}

export function RegisterForm() {
  const registration = useRegister();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterFormValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '', role: 'shop_manager' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { user } = await registration.mutateAsync(toRegisterBody(values));
      // Only the shop's first admin starts active; everyone else waits for one (issue 24).
      notify.success(user.status === 'pending' ? AUTH_MESSAGES.registerPending : AUTH_MESSAGES.registerSuccess);
    } catch (error) {
      // A taken username or email belongs under its field; anything else (e.g. the admin policy) is a toast.
      if (!showServerFieldErrors(error, setError, SERVER_FIELDS)) {
        notify.error(errorMessage(error, AUTH_MESSAGES.registerFailed));
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create account">
      <Stack gap="md">
        <TextInput label="Username" autoComplete="username" autoFocus withAsterisk error={errors.username?.message} {...register('username')} />
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk error={errors.email?.message} {...register('email')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          withAsterisk
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          withAsterisk
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <Radio.Group label="Role" withAsterisk value={field.value} onChange={field.onChange} error={errors.role?.message}>
              <Group mt={6} gap="lg">
                <Radio value="shop_manager" label={ROLE_LABELS.shop_manager} />
                <Radio value="admin" label={ROLE_LABELS.admin} />
              </Group>
            </Radio.Group>
          )}
        />
        <Button type="submit" fullWidth loading={registration.isPending}>
          Create account
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          Already have an account?{' '}
          <Anchor component={Link} to="/login">
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
