import { useDocumentTitle } from '@mantine/hooks';
import { AuthLayout } from '../../components/layouts/auth-layout';
import { LoginForm } from '../../features/auth';

export default function LoginRoute() {
  useDocumentTitle('Sign in · Bosun');
  return (
    <AuthLayout title="Sign in to Bosun" subtitle="Staff back office">
      <LoginForm />
    </AuthLayout>
  );
}
