import type { ImportProfile } from '@bosun/shared';
import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-errors';
import { useRunImportProfileFeed } from '../api/run-import-profile-feed';
import { feedHost } from '../model/feed-form-values';
import { profileImportsPath } from '../../history';
import { Dialog } from '../../../components/ui/dialog';

type FeedProfile = ImportProfile & { feed: NonNullable<ImportProfile['feed']> };

/** 'Run now' of a profile's feed: asks which of the dry run's holds staff lift, then starts the run. */
export function RunFeedButton({ profile }: { profile: FeedProfile }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="compact-sm" variant="light" leftSection={<IconPlayerPlay size={14} />} aria-label={`Run now: ${profile.name}`} onClick={() => setOpened(true)}>
        Run now
      </Button>
      <Dialog opened={opened} onClose={() => setOpened(false)} title={`Run the feed of '${profile.name}' now`}>
        {opened && <RunFeedForm profile={profile} onDone={() => setOpened(false)} />}
      </Dialog>
    </>
  );
}

function RunFeedForm({ profile, onDone }: { profile: FeedProfile; onDone: () => void }) {
  const run = useRunImportProfileFeed();
  const navigate = useNavigate();
  const [confirmMissing, setConfirmMissing] = useState(false);
  const [acceptFailedRows, setAcceptFailedRows] = useState(false);
  // The missing-product rule only acts on a full list with an action: only then is there a limit to lift.
  const missingRuleActs = profile.feed.fullList && profile.missing.action !== 'leave';

  const start = () =>
    run.mutate(
      { id: profile.id, body: { confirmMissing: missingRuleActs && confirmMissing, acceptFailedRows } },
      {
        onSuccess: (answer) => {
          notify.success(answer.message, { label: 'Open its runs', onClick: () => void navigate(profileImportsPath(profile.id)) });
          onDone();
        },
        // 409: the feed is being fetched or imported already; the server's message says so.
        onError: (error) => notify.error(errorMessage(error, 'Error starting the feed')),
      },
    );

  return (
    <Stack gap="md">
      <Text size="sm">
        The file is fetched from {feedHost(profile.feed.url)} and imported with this profile. Its dry run comes first: a run that looks wrong is held there, nothing
        imported, and shows on the Imports page with the reason.
      </Text>
      {missingRuleActs && (
        <Checkbox
          label={`Apply the missing-product rule even when more than ${profile.missing.maxPercent}% of the vendor's products are not in the file`}
          checked={confirmMissing}
          onChange={(event) => setConfirmMissing(event.currentTarget.checked)}
        />
      )}
      <Checkbox
        label={`Import even when more than ${profile.feed.maxFailedPercent}% of the rows fail`}
        checked={acceptFailedRows}
        onChange={(event) => setAcceptFailedRows(event.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button loading={run.isPending} onClick={start}>
          Run now
        </Button>
      </Group>
    </Stack>
  );
}

export const hasFeed = (profile: ImportProfile): profile is FeedProfile => profile.feed !== null;
