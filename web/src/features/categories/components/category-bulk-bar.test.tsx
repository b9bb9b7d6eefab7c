import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CategoryBulkBar } from './category-bulk-bar';

const renderBar = (names: string[]) => {
  const handlers = { onMerge: vi.fn(), onClearSelection: vi.fn(), onDelete: vi.fn() };
  renderWithProviders(<CategoryBulkBar names={names} {...handlers} />);
  return handlers;
};

describe('CategoryBulkBar', () => {
  it('names the first 5 selected, then counts the rest', () => {
    renderBar(['Anchors', 'Chain', 'Rope', 'Shackles', 'Swivels', 'Fenders', 'Cleats']);
    expect(screen.getByText('7 categories selected')).toBeTruthy();
    for (const name of ['Anchors', 'Chain', 'Rope', 'Shackles', 'Swivels']) expect(screen.getByText(name)).toBeTruthy();
    expect(screen.queryByText('Fenders')).toBeNull();
    expect(screen.getByText('+2 more...')).toBeTruthy();
    expect(screen.getByText(/Deleting is permanent/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete 7 Categories' })).toBeTruthy();
  });

  it('shows no "more" line for 5 or fewer', () => {
    renderBar(['Anchors', 'Chain', 'Rope', 'Shackles', 'Swivels']);
    expect(screen.queryByText(/more\.\.\./)).toBeNull();
  });

  it('offers Merge Categories only when exactly 2 are selected', async () => {
    const { onMerge, onClearSelection, onDelete } = renderBar(['Anchors', 'Chain']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Merge Categories' }));
    await user.click(screen.getByRole('button', { name: 'Clear Selection' }));
    await user.click(screen.getByRole('button', { name: 'Delete 2 Categories' }));
    expect(onMerge).toHaveBeenCalledTimes(1);
    expect(onClearSelection).toHaveBeenCalledTimes(1);
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it.each([[['Anchors']], [['Anchors', 'Chain', 'Rope']]])('has no merge button for %j', (names) => {
    renderBar(names);
    expect(screen.queryByRole('button', { name: 'Merge Categories' })).toBeNull();
  });

  it('says "1 category"', () => {
    renderBar(['Anchors']);
    expect(screen.getByText('1 category selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete 1 Category' })).toBeTruthy();
  });
});
