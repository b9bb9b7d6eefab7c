import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconRefresh, IconSquareCheck, IconSquareOff } from '@tabler/icons-react';

interface CategoryPhoneMenuProps {
  /** False until the categories have loaded. */
  canSelectAll: boolean;
  onSelectAll: () => void;
  onClearSelection: () => void;
  onRefresh: () => void;
  /** While a refresh runs the menu's button spins, as the toolbar's Refresh does on a wider screen. */
  refreshing: boolean;
}

/**
 * A phone's secondary actions of the category list (issue 24): beside '+ Add Category' they pushed
 * it off a 390 px screen, and the toolbar's row of buttons took a screen of its own.
 */
export function CategoryPhoneMenu({ canSelectAll, onSelectAll, onClearSelection, onRefresh, refreshing }: CategoryPhoneMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label="More category actions" loading={refreshing} loaderProps={{ 'aria-label': 'Refreshing categories' }}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconSquareCheck size={16} />} onClick={onSelectAll} disabled={!canSelectAll}>
          Select All Categories
        </Menu.Item>
        <Menu.Item leftSection={<IconSquareOff size={16} />} onClick={onClearSelection}>
          Clear Selection
        </Menu.Item>
        <Menu.Item leftSection={<IconRefresh size={16} />} onClick={onRefresh} disabled={refreshing}>
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
