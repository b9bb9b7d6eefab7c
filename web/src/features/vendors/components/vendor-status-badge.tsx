import { Badge, type BadgeProps } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClockHour4, IconHelpCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { VendorStatus } from '../vendor-list-options';

interface StatusLook {
  label: string;
  /** SPEC §4: active success, inactive danger, pending warning, anything else secondary. */
  color: string;
  icon: ReactNode;
}

const ICON_SIZE = 14;

export const VENDOR_STATUS_LOOKS: Record<VendorStatus, StatusLook> = {
  active: { label: 'Active', color: 'green', icon: <IconCircleCheck size={ICON_SIZE} aria-hidden /> },
  inactive: { label: 'Inactive', color: 'red', icon: <IconCircleX size={ICON_SIZE} aria-hidden /> },
  pending: { label: 'Pending', color: 'yellow', icon: <IconClockHour4 size={ICON_SIZE} aria-hidden /> },
};

const UNKNOWN_LOOK: StatusLook = { label: 'Unknown', color: 'gray', icon: <IconHelpCircle size={ICON_SIZE} aria-hidden /> };

export const vendorStatusLook = (status: string): StatusLook => VENDOR_STATUS_LOOKS[status as VendorStatus] ?? UNKNOWN_LOOK;

export function VendorStatusBadge({ status, ...props }: { status: string } & Omit<BadgeProps, 'color' | 'leftSection'>) {
  const look = vendorStatusLook(status);
  return (
    <Badge variant="light" color={look.color} leftSection={look.icon} data-status={status} {...props}>
      {look.label}
    </Badge>
  );
}
