import { Badge, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  components: {
    // Badges read as the spec writes them ('3 in stock', 'Shop Manager'), not in capitals.
    Badge: Badge.extend({ styles: { root: { textTransform: 'none' } } }),
  },
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
});
