import { VENDOR_MESSAGES, type Vendor } from '@bosun/shared';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { openConfirm } from '../../../components/ui/confirm';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { AccessDenied } from '../../../components/ui/access-denied';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { ContentLoader } from '../../../components/ui/loaders';
import { notify } from '../../../components/ui/notify';
import { isApiError, isForbidden } from '../../../lib/api-client';
import { errorMessage, fieldErrorsFromApiError } from '../../../lib/api-errors';
import { useDeleteVendor } from '../api/delete-vendor';
import { useVendors } from '../api/get-vendors';
import { useUpdateVendor } from '../api/update-vendor';
import { useVendorListOptions } from '../use-vendor-list-options';
import { selectVendors, vendorTotals, type VendorStatus } from '../vendor-list-options';
import { DeleteVendorWarning } from './delete-vendor-warning';
import { VendorFormModal } from './vendor-form-modal';
import { VendorGridView } from './vendor-grid-view';
import type { VendorItemActions } from './vendor-item-parts';
import { VendorListView } from './vendor-list-view';
import { VendorStatCards } from './vendor-stat-cards';
import { VendorTableView } from './vendor-table-view';
import { VendorToolbar } from './vendor-toolbar';
import { VendorsEmptyState } from './vendors-empty-state';
import { formatCount, plural } from '../../../lib/format';

const NETWORK_ERROR_MESSAGE = 'Network error while loading vendors';

/** SPEC §8: the server's message when it answered, another text when the network failed. */
function loadFailedMessage(error: unknown): string {
  if (isApiError(error)) return `Failed to load vendors: ${error.message}`;
  return NETWORK_ERROR_MESSAGE;
}

export function VendorsView({ accessDeniedMessage }: { accessDeniedMessage: string }) {
  const vendors = useVendors();
  const { mutateAsync: saveVendor } = useUpdateVendor();
  const { mutateAsync: removeVendor } = useDeleteVendor();
  const [options, setOptions] = useVendorListOptions();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [form, setForm] = useState<{ opened: boolean; vendor: Vendor | null }>({ opened: false, vendor: null });
  const [renamingId, setRenamingId] = useState<number | null>(null);
  const [statusSavingIds, setStatusSavingIds] = useState<ReadonlySet<number>>(() => new Set());

  useEffect(() => {
    if (vendors.error && !isForbidden(vendors.error)) notify.error(loadFailedMessage(vendors.error));
  }, [vendors.error, vendors.errorUpdatedAt]);

  const all = vendors.data;
  const visible = useMemo(
    () => (all ? selectVendors(all, { search: deferredSearch, status: options.status, sortBy: options.sortBy, sortDirection: options.sortDirection }) : []),
    [all, deferredSearch, options.status, options.sortBy, options.sortDirection],
  );
  const totals = useMemo(() => vendorTotals(all ?? []), [all]);

  const openCreate = useCallback(() => setForm({ opened: true, vendor: null }), []);

  const rename = useCallback(
    async (vendor: Vendor, name: string) => {
      try {
        await saveVendor({ id: vendor.id, body: { name } });
        notify.success(VENDOR_MESSAGES.updated);
        return null;
      } catch (error) {
        // A taken name is the input's own problem; anything else is also worth a toast.
        const nameProblem = fieldErrorsFromApiError(error, ['name'] as const).name;
        if (nameProblem) return nameProblem;
        const message = errorMessage(error, VENDOR_MESSAGES.updateFailed);
        notify.error(message);
        return message;
      }
    },
    [saveVendor],
  );

  const changeStatus = useCallback(
    async (vendor: Vendor, status: VendorStatus) => {
      setStatusSavingIds((ids) => new Set(ids).add(vendor.id));
      try {
        await saveVendor({ id: vendor.id, body: { status } });
        notify.success(VENDOR_MESSAGES.statusUpdated(status));
      } catch (error) {
        notify.error(errorMessage(error, VENDOR_MESSAGES.statusFailed));
      } finally {
        setStatusSavingIds((ids) => {
          const next = new Set(ids);
          next.delete(vendor.id);
          return next;
        });
      }
    },
    [saveVendor],
  );

  const confirmDelete = useCallback(
    (vendor: Vendor) =>
      openConfirm({
        title: 'Delete vendor',
        children: <DeleteVendorWarning vendor={vendor} />,
        labels: { confirm: 'Delete Vendor', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: async () => {
          try {
            const result = await removeVendor(vendor.id);
            notify.success(result.message || VENDOR_MESSAGES.deleted);
          } catch (error) {
            notify.error(errorMessage(error, VENDOR_MESSAGES.deleteFailed));
          }
        },
      }),
    [removeVendor],
  );

  const actions = useMemo<VendorItemActions>(
    () => ({
      onEdit: (vendor) => setForm({ opened: true, vendor }),
      onDelete: confirmDelete,
      onStatusChange: changeStatus,
      onRename: rename,
      renamingId,
      onRenamingChange: setRenamingId,
      statusSavingIds,
    }),
    [confirmDelete, changeStatus, rename, renamingId, statusSavingIds],
  );

  // A shop_manager whose vendors flag was turned off meanwhile gets a 403 here.
  if (isForbidden(vendors.error)) return <AccessDenied message={accessDeniedMessage} />;

  const filtered = search.trim() !== '' || options.status !== 'all';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Vendor Management
          </Title>
          <Text c="dimmed">The suppliers behind the catalogue, with their products and categories</Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={openCreate}>
          Add Vendor
        </Button>
      </Group>

      {vendors.isPending && !vendors.isError ? (
        <ContentLoader label="Loading vendors" />
      ) : vendors.isError ? (
        // The list is cleared on failure (SPEC §8): nothing stale is shown under the error.
        <ErrorPanel
          title={VENDOR_MESSAGES.loadFailed}
          message={isApiError(vendors.error) ? vendors.error.message : NETWORK_ERROR_MESSAGE}
          onRetry={() => vendors.refetch()}
          retrying={vendors.isFetching}
        />
      ) : (
        <>
          <VendorStatCards totals={totals} />
          <VendorToolbar search={search} onSearchChange={setSearch} options={options} onOptionsChange={setOptions} />
          {visible.length === 0 ? (
            <VendorsEmptyState
              filtered={filtered}
              onAdd={openCreate}
              onClearFilters={() => {
                setSearch('');
                setOptions({ status: 'all' });
              }}
            />
          ) : (
            <>
              <Text size="sm" c="dimmed" aria-live="polite">
                {visible.length === totals.totalVendors
                  ? plural(totals.totalVendors, 'vendor')
                  : `Showing ${formatCount(visible.length)} of ${plural(totals.totalVendors, 'vendor')}`}
              </Text>
              {options.view === 'grid' ? (
                <VendorGridView vendors={visible} actions={actions} />
              ) : options.view === 'list' ? (
                <VendorListView vendors={visible} actions={actions} />
              ) : (
                <VendorTableView vendors={visible} actions={actions} />
              )}
            </>
          )}
        </>
      )}

      <VendorFormModal opened={form.opened} vendor={form.vendor} onClose={() => setForm((current) => ({ ...current, opened: false }))} />
    </Stack>
  );
}
