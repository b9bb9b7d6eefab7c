import { IMPORT_PROFILE_MESSAGES, type ImportProfile } from '@bosun/shared';
import { ActionIcon, Alert, Button, Card, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { openConfirm } from '../../../components/ui/confirm';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ContentLoader } from '../../../components/ui/loaders';
import { notify } from '../../../components/ui/notify';
import { useIsPhone } from '../../../components/ui/use-is-phone';
import { errorMessage } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/format';
import { useSettings } from '../../settings';
import { vendorNamesQueryOptions } from '../../vendors';
import { useDeleteImportProfile } from '../api/delete-import-profile';
import { useImportProfiles } from '../api/get-import-profiles';
import { feedSummary, fieldsUpdatedText, missingRuleText } from '../model/profile-summary';
import { ProfileFormModal } from './profile-form-modal';
import { hasFeed, RunFeedButton } from './run-feed-button';

interface ProfileActions {
  onEdit: (profile: ImportProfile) => void;
  onDelete: (profile: ImportProfile) => void;
}

const lastUsed = (profile: ImportProfile) => (profile.lastUsedAt ? formatDate(profile.lastUsedAt) : 'Never');

/** The feed's host, schedule and authentication, or that the file is uploaded. */
function FeedCell({ profile, timeZone }: { profile: ImportProfile; timeZone?: string }) {
  const feed = feedSummary(profile, timeZone);
  if (!feed) return <Text size="sm" c="dimmed">Uploaded by staff</Text>;
  return (
    <div>
      <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
        {feed.host}
      </Text>
      <Text size="xs" c="dimmed">
        {feed.details}
      </Text>
    </div>
  );
}

/** /imports/profiles: every vendor's import profiles (issue 22), with a vendor filter and each feed in words; run a feed now, edit and delete. */
export function ImportProfilesView() {
  const [vendorId, setVendorId] = useState<number | null>(null);
  const profiles = useImportProfiles(vendorId);
  const vendors = useQuery(vendorNamesQueryOptions());
  const remove = useDeleteImportProfile();
  const [editing, setEditing] = useState<ImportProfile | null>(null);
  const phone = useIsPhone();
  const timeZone = useSettings().data?.time_zone;

  const confirmDelete = (profile: ImportProfile) =>
    openConfirm({
      title: 'Delete import profile',
      children: (
        <Text size="sm">
          Delete the profile '{profile.name}' of {profile.vendorName}? Imports run with it stay on the Imports page; the wizard no longer offers it.
        </Text>
      ),
      labels: { confirm: 'Delete profile', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(profile.id, {
          onSuccess: (answer) => notify.success(`${answer.message || IMPORT_PROFILE_MESSAGES.deleted}: '${profile.name}'`),
          onError: (error) => notify.error(errorMessage(error, 'Error deleting the profile')),
        }),
    });
  const actions: ProfileActions = { onEdit: setEditing, onDelete: confirmDelete };
  const vendorOptions = [{ value: '', label: 'All vendors' }, ...(vendors.data ?? []).map((v) => ({ value: String(v.id), label: v.name }))];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            Import profiles
          </Title>
          <Text size="sm" c="dimmed">
            A vendor's saved mapping and feed rules. The import wizard starts from them and saves its choices as one.
          </Text>
        </div>
        <Button component={Link} to="/imports" variant="default" leftSection={<IconArrowLeft size={16} />}>
          Imports
        </Button>
      </Group>
      <NativeSelect label="Vendor" data={vendorOptions} value={vendorId === null ? '' : String(vendorId)} onChange={(e) => setVendorId(e.currentTarget.value ? Number(e.currentTarget.value) : null)} maw={320} />
      {profiles.isPending ? (
        <ContentLoader label="Loading import profiles" />
      ) : profiles.isError ? (
        <Alert color="red">{errorMessage(profiles.error, 'Error loading the import profiles')}</Alert>
      ) : profiles.data.length === 0 ? (
        <Card withBorder>
          <Text c="dimmed">
            {vendorId === null ? 'No import profiles yet.' : 'This vendor has no import profile yet.'} Save one from the import wizard's preview: 'Save as profile'.
          </Text>
        </Card>
      ) : phone ? (
        <Stack gap="sm">
          {profiles.data.map((profile) => (
            <ProfileCard key={profile.id} profile={profile} timeZone={timeZone} {...actions} />
          ))}
        </Stack>
      ) : (
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={960}>
            <Table verticalSpacing="sm" highlightOnHover aria-label="Import profiles">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Vendor</Table.Th>
                  <Table.Th>Fields updated</Table.Th>
                  <Table.Th>Missing products</Table.Th>
                  <Table.Th>Feed</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {profiles.data.map((profile) => (
                  <Table.Tr key={profile.id} aria-label={profile.name}>
                    <Table.Td fw={500}>{profile.name}</Table.Td>
                    <Table.Td>{profile.vendorName}</Table.Td>
                    <Table.Td maw={280}>{fieldsUpdatedText(profile)}</Table.Td>
                    <Table.Td>{missingRuleText(profile)}</Table.Td>
                    <Table.Td maw={240}>
                      <FeedCell profile={profile} timeZone={timeZone} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{lastUsed(profile)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      <RowButtons profile={profile} {...actions} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      <ProfileFormModal profile={editing} vendors={vendors.data ?? []} onClose={() => setEditing(null)} />
    </Stack>
  );
}

/** Edit and delete, and 'Run now' for a feed unless the card shows it on a line of its own (a phone). */
function RowButtons({ profile, onEdit, onDelete, withRun = true }: ProfileActions & { profile: ImportProfile; withRun?: boolean }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {withRun && hasFeed(profile) && <RunFeedButton profile={profile} />}
      <ActionIcon variant="subtle" aria-label={`Edit profile ${profile.name}`} onClick={() => onEdit(profile)}>
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={`Delete profile ${profile.name}`} onClick={() => onDelete(profile)}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

/** A profile on a phone: the row's cells stacked in a card. */
function ProfileCard({ profile, timeZone, ...actions }: ProfileActions & { profile: ImportProfile; timeZone?: string }) {
  const feed = feedSummary(profile, timeZone);
  return (
    <Card withBorder padding="sm" component="article" aria-label={profile.name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>{profile.name}</Text>
          <Text size="sm" c="dimmed">
            {profile.vendorName} · last used {lastUsed(profile)}
          </Text>
        </div>
        <RowButtons profile={profile} withRun={false} {...actions} />
      </Group>
      <Text size="sm" mt={6}>
        Updates: {fieldsUpdatedText(profile)}
      </Text>
      <Text size="sm">Missing products: {missingRuleText(profile)}</Text>
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        Feed: {feed ? `${feed.host} · ${feed.details}` : 'uploaded by staff'}
      </Text>
      {hasFeed(profile) && (
        <Group mt="xs">
          <RunFeedButton profile={profile} />
        </Group>
      )}
    </Card>
  );
}
