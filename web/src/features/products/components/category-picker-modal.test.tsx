import { buildCategoryTree, type Category } from '@bosun/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { category } from '../testing/product-fixtures';
import { CategoryPickerModal } from './category-picker-modal';

const flat: Category[] = [
  category(1, 'Deck Hardware', 'store'),
  category(2, 'Winches', 'store', { parent_id: 1, level: 2 }),
  category(3, 'Self-Tailing', 'store', { parent_id: 2, level: 3 }),
  category(4, 'Safety', 'store'),
  category(5, 'Life Jackets', 'store', { parent_id: 4, level: 2 }),
];

function renderPicker(selectedIds: number[] = []) {
  const onApply = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <CategoryPickerModal opened title="Select Store Categories" tree={buildCategoryTree(flat)} selectedIds={selectedIds} onApply={onApply} onClose={onClose} />,
  );
  return { onApply, onClose, dialog: screen.getByRole('dialog', { name: 'Select Store Categories' }) };
}

describe('CategoryPickerModal', () => {
  it('expands the tree and applies the ticked categories', async () => {
    const { dialog, onApply, onClose } = renderPicker([4]);
    const user = userEvent.setup();
    expect(within(dialog).queryByRole('checkbox', { name: 'Winches' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Apply (1)' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Expand Deck Hardware' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Winches' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply (2)' }));
    expect(onApply).toHaveBeenCalledWith([4, 2]);
    expect(onClose).toHaveBeenCalled();
  });

  it('searches in place, and Select All takes what the search shows with its subcategories', async () => {
    const { dialog, onApply } = renderPicker();
    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('textbox', { name: 'Search categories' }), 'winch');
    // The match shows under its parent, with its own subtree.
    expect(within(dialog).getByRole('checkbox', { name: 'Deck Hardware' })).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'Self-Tailing' })).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox', { name: 'Safety' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Select All' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply (3)' }));
    expect(onApply.mock.calls[0]![0].sort()).toEqual([1, 2, 3]);
  });

  it('Clear All empties the choice and Cancel changes nothing', async () => {
    const { dialog, onApply, onClose } = renderPicker([1, 4]);
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Clear All' }));
    expect(within(dialog).getByRole('button', { name: 'Apply (0)' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });
});
