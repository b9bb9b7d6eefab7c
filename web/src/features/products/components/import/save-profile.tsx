import type { ImportProfile } from '@bosun/shared';
import { Button, Card, Group, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';

interface Props {
  /** The profile the wizard started from: 'Save changes to' it. */
  profile: ImportProfile | null;
  /** Saving needs a vendor: a profile belongs to one. */
  vendorChosen: boolean;
  saving: 'new' | 'changes' | null;
  /** Resolves to the message to show under the name (a name the vendor has already), or nothing. */
  onSaveAs: (name: string) => Promise<string | void>;
  onSaveChanges: () => void;
}

/** 'Save as profile' (a name), and 'Save changes to <profile>' when the wizard started from one. */
export function SaveProfile({ profile, vendorChosen, saving, onSaveAs, onSaveChanges }: Props) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const saveAs = async () => {
    if (!name.trim()) {
      setError('Profile name is required');
      return;
    }
    setError((await onSaveAs(name.trim())) ?? null);
  };

  return (
    <Card withBorder padding="sm" component="section" aria-label="Save as profile">
      <Text fw={600} size="sm" mb={4}>
        Import profile
      </Text>
      {!vendorChosen ? (
        <Text size="sm" c="dimmed">
          Choose a vendor to save this mapping and these rules as one of its profiles.
        </Text>
      ) : (
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            aria-label="Profile name"
            placeholder="Profile name, e.g. Daily stock"
            value={name}
            error={error}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            style={{ flex: '1 1 200px' }}
          />
          <Button variant="light" leftSection={<IconDeviceFloppy size={16} />} loading={saving === 'new'} disabled={saving !== null} onClick={() => void saveAs()}>
            Save as profile
          </Button>
          {profile && (
            <Button variant="default" loading={saving === 'changes'} disabled={saving !== null} onClick={onSaveChanges}>
              Save changes to {profile.name}
            </Button>
          )}
        </Group>
      )}
    </Card>
  );
}
