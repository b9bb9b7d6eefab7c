import type { ImportProfile } from '@bosun/shared';
import { Alert, Anchor, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBookmark } from '@tabler/icons-react';
import { Link } from 'react-router';

interface Props {
  profiles: ImportProfile[];
  loading: boolean;
  /** The profile the wizard started from, or null. */
  profile: ImportProfile | null;
  onChoose: (profile: ImportProfile | null) => void;
  /** What the wizard says about the profile it started from. */
  notice: string | null;
  /** Headers the profile maps that the file does not have. */
  missingHeaders: string[];
  /** Going to the profiles screen closes the wizard. */
  onOpenProfiles: () => void;
}

/** 'Start from a profile': the chosen vendor's import profiles, and what applying one did. */
export function ProfilePicker({ profiles, loading, profile, onChoose, notice, missingHeaders, onOpenProfiles }: Props) {
  const options = [{ value: '', label: profiles.length ? '— No profile —' : '— The vendor has no profile yet —' }, ...profiles.map((p) => ({ value: String(p.id), label: p.name }))];
  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label="Start from a profile"
          description="Applies its mapping, update mode and rules"
          data={options}
          value={profile ? String(profile.id) : ''}
          disabled={loading || profiles.length === 0}
          onChange={(event) => onChoose(profiles.find((p) => String(p.id) === event.currentTarget.value) ?? null)}
          style={{ flex: '1 1 240px' }}
        />
        <Anchor component={Link} to="/imports/profiles" size="sm" onClick={onOpenProfiles} mb={8}>
          Manage import profiles
        </Anchor>
      </Group>
      {notice && (
        <Alert color="blue" variant="light" icon={<IconBookmark size={18} />} role="status" aria-label="Import profile">
          <Text size="sm">{notice}</Text>
        </Alert>
      )}
      {missingHeaders.length > 0 && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} aria-label="Profile columns not in the file">
          <Text size="sm">
            The file has no column {missingHeaders.map((h) => `'${h}'`).join(', ')}: the profile maps {missingHeaders.length === 1 ? 'it' : 'them'}, so{' '}
            {missingHeaders.length === 1 ? 'its field is' : 'their fields are'} not mapped. Check the mapping below.
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
