import { VENDOR_STATUSES, type Vendor } from '@bosun/shared';
import { Menu, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { VendorStatus } from '../vendor-list-options';
import { VENDOR_STATUS_LOOKS, VendorStatusBadge } from './vendor-status-badge';

interface VendorStatusMenuProps {
  vendor: Vendor;
  onChange: (vendor: Vendor, status: VendorStatus) => void;
  /** While this vendor's status is being saved. */
  pending?: boolean;
}

/**
 * The status badge, which opens a menu to set the status on its own.
 *
 * The menu is mounted only while open, anchored to an overlay of the badge: a Mantine menu per card
 * (its floating-ui state updates on mount) made fast scrolling through hundreds of virtualised cards
 * trip React's nested-update limit. The badge button itself stays the same element throughout.
 */
export function VendorStatusMenu({ vendor, onChange, pending }: VendorStatusMenuProps) {
  const [opened, setOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // A press on the badge while the menu is open first closes it as an outside click; that press must
  // not open it again.
  const closingPress = useRef(false);
  const label = VENDOR_STATUS_LOOKS[vendor.status].label;

  const close = () => {
    setOpened(false);
    // Back to the badge after Escape or a choice, unless the user moved on to something else.
    requestAnimationFrame(() => {
      if (document.activeElement === document.body) buttonRef.current?.focus();
    });
  };

  return (
    <span style={{ position: 'relative', display: 'inline-flex', flex: 'none' }}>
      <UnstyledButton
        ref={buttonRef}
        aria-label={`Status of ${vendor.name}: ${label}. Change status`}
        aria-haspopup="menu"
        aria-expanded={opened}
        // Not disabled while saving: a disabled button drops the focus the menu just gave back.
        aria-disabled={pending || undefined}
        aria-busy={pending || undefined}
        onMouseDown={() => (closingPress.current = opened)}
        onClick={() => {
          if (closingPress.current) closingPress.current = false;
          else if (!pending) setOpened(true);
        }}
        style={{ borderRadius: 'var(--mantine-radius-xl)', opacity: pending ? 0.6 : 1 }}
      >
        <VendorStatusBadge status={vendor.status} rightSection={<IconChevronDown size={12} aria-hidden />} style={{ cursor: 'pointer', pointerEvents: 'none' }} />
      </UnstyledButton>
      {opened && (
        <Menu opened onChange={(next) => !next && close()} position="bottom-end" shadow="md" width={160} withinPortal>
          <Menu.Target>
            <span aria-hidden style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} />
          </Menu.Target>
          <Menu.Dropdown aria-label={`Set status of ${vendor.name}`}>
            <Menu.Label>Set status</Menu.Label>
            {VENDOR_STATUSES.map((status) => {
              const look = VENDOR_STATUS_LOOKS[status];
              const current = status === vendor.status;
              return (
                <Menu.Item
                  key={status}
                  leftSection={
                    <Text component="span" c={`${look.color}.7`} display="flex">
                      {look.icon}
                    </Text>
                  }
                  rightSection={current ? <IconCheck size={14} aria-hidden /> : undefined}
                  aria-current={current || undefined}
                  onClick={() => !current && onChange(vendor, status)}
                >
                  {look.label}
                </Menu.Item>
              );
            })}
          </Menu.Dropdown>
        </Menu>
      )}
    </span>
  );
}
