import { PAGE_SIZES } from '@bosun/shared';
import { Button, Group, NativeSelect, Stack, Switch } from '@mantine/core';
import { useEffect, useState } from 'react';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-errors';
import { useUpdatePreferences } from '../api/update-preferences';
import { useCurrentUser } from '../session-context';
import { Dialog } from '../../../components/ui/dialog';

const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];
const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} per page` }));

export function PreferencesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const user = useCurrentUser();
  const updatePreferences = useUpdatePreferences();
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sidebarCollapsed, setSidebarCollapsed] = useState(false);

  // Each opening shows what is saved now (the sidebar may have been toggled since).
  useEffect(() => {
    if (!opened) return;
    setPageSize(user.preferences?.pageSize ?? DEFAULT_PAGE_SIZE);
    setSidebarCollapsed(user.preferences?.sidebarCollapsed ?? false);
  }, [opened, user.preferences]);

  const save = async () => {
    try {
      await updatePreferences.mutateAsync({ pageSize, sidebarCollapsed });
      notify.success('Preferences saved successfully');
      onClose();
    } catch (error) {
      notify.error(errorMessage(error, 'Error saving preferences'));
    }
  };

  return (
    <Dialog opened={opened} onClose={onClose} title="Preferences" size="sm">
      <Stack gap="md">
        <NativeSelect
          label="Default products page size"
          data={PAGE_SIZE_OPTIONS}
          value={String(pageSize)}
          onChange={(event) => setPageSize(Number(event.currentTarget.value))}
        />
        <Switch
          label="Collapse the sidebar"
          checked={sidebarCollapsed}
          onChange={(event) => setSidebarCollapsed(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={save} loading={updatePreferences.isPending}>Save</Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
