import type { Vendor } from '@bosun/shared';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../../../components/ui/notify';
import { useCreateVendor } from '../../api/create-vendor';
import { Dialog } from '../../../../components/ui/dialog';

export const CREATE_VENDOR_MESSAGES = {
  nameRequired: 'Please enter a vendor name',
  created: (name: string) => `Vendor "${name}" created successfully`,
  failed: (message: string) => `Error creating vendor: ${message}`,
} as const;

interface Props {
  opened: boolean;
  onClose: () => void;
  onCreated: (vendor: Vendor) => void;
}

/** The wizard's quick 'Create New Vendor': a name only (SPEC §5). */
export function CreateVendorModal({ opened, onClose, onCreated }: Props) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateVendor();

  const close = () => {
    setName('');
    setError(null);
    onClose();
  };

  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError(CREATE_VENDOR_MESSAGES.nameRequired);
      return;
    }
    create.mutate(trimmed, {
      onSuccess: (vendor) => {
        notify.success(CREATE_VENDOR_MESSAGES.created(vendor.name));
        onCreated(vendor);
        close();
      },
      onError: (err) => notify.error(CREATE_VENDOR_MESSAGES.failed(err.message)),
    });
  };

  return (
    <Dialog opened={opened} onClose={close} title="Create New Vendor" size="sm" zIndex={300} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Vendor Name"
            placeholder="Enter vendor name"
            required
            data-autofocus
            value={name}
            error={error}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!name.trim()} loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
