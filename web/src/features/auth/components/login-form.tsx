import { AUTH_MESSAGES, loginBodySchema, type LoginBody } from '@bosun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PasswordField } from '../../../components/ui/password-field';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-errors';
import { useLogin } from '../api/login';

/** Sign-in by username or email. On success the route guard takes the user on. */
export function LoginForm() {
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginBody>({ resolver: zodResolver(loginBodySchema), defaultValues: { username: '', password: '' } });

  const onSubmit = handleSubmit((body) =>
    login.mutateAsync(body).then(
      () => notify.success(AUTH_MESSAGES.loginSuccess),
      (error: unknown) => notify.error(errorMessage(error, AUTH_MESSAGES.loginFailed)),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      <Stack gap="md">
        <TextInput
          label="Username or email"
          autoComplete="username"
          autoFocus
          withAsterisk
          error={errors.username?.message}
          {...register('username')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          withAsterisk
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" fullWidth loading={login.isPending}>
          Sign in
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          No account yet?{' '}
          <Anchor component={Link} to="/register">
            Create an account
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
