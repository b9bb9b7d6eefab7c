import { Text } from '@mantine/core';
import { openConfirm } from '../../../components/ui/confirm';
import { CATEGORY_UI_MESSAGES } from '../category-messages';

/** The delete confirmation both category screens show; each screen says what follows a confirm. */
export function openDeleteCategoryConfirm(name: string, onConfirm: () => Promise<void>) {
  openConfirm({
    title: 'Delete category',
    children: <Text size="sm">{CATEGORY_UI_MESSAGES.confirmDelete(name)}</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
