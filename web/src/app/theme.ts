import { Badge, createTheme, Modal, Notification } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  components: {
    // Badges read as the spec writes them ('3 in stock', 'Shop Manager'), not in capitals.
    Badge: Badge.extend({ styles: { root: { textTransform: 'none' } } }),
    // Mantine's close buttons are a bare icon; without a name a screen reader announces just "button".
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } }),
  },
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
});
