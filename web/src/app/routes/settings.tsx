import { AUTH_MESSAGES } from '@bosun/shared';
import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { AccessDenied } from '../../components/ui/access-denied';
import { ErrorPanel } from '../../components/ui/error-panel';
import { ContentLoader } from '../../components/ui/loaders';
import { isForbidden } from '../../lib/api-client';
import { hasPermission, useCurrentUser } from '../../features/auth';
import { QualitySettingsCard } from '../../features/quality';
import { SettingsForm, useSettings } from '../../features/settings';

export default function SettingsRoute() {
  useDocumentTitle('Settings · Bosun');
  const user = useCurrentUser();
  const settings = useSettings();

  if (isForbidden(settings.error)) return <AccessDenied message={AUTH_MESSAGES.accessDeniedPage} />;
  return (
    <Stack gap="lg" maw={860}>
      <Title order={1} size="h2">
        Settings
      </Title>
      {settings.isPending ? (
        <ContentLoader label="Loading settings" />
      ) : settings.isError ? (
        <ErrorPanel title="Error loading settings" message={settings.error.message} onRetry={() => settings.refetch()} retrying={settings.isFetching} />
      ) : (
        <SettingsForm settings={settings.data} canEdit={hasPermission(user, 'settings')} />
      )}
      {(hasPermission(user, 'settings') || hasPermission(user, 'products')) && <QualitySettingsCard canEdit={hasPermission(user, 'settings')} />}
    </Stack>
  );
}
