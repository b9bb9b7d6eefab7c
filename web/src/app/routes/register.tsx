import { useDocumentTitle } from '@mantine/hooks';
import { AuthLayout } from '../../components/layouts/auth-layout';
import { RegisterForm } from '../../features/auth';

export default function RegisterRoute() {
  useDocumentTitle('Create account · Bosun');
  return (
    <AuthLayout title="Create your account" subtitle="Staff back office">
      <RegisterForm />
    </AuthLayout>
  );
}
