import { Box, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';

export const LOGO_DID_NOT_LOAD =
  'The logo at this address did not load. Check the address and that the image is public; until it loads, the sidebar shows the standard logo.';

/**
 * A preview of the logo address being typed. An address that does not load says so (issue 24
 * point 13: the preview used to vanish without a word); typing another address tries again.
 */
export function LogoPreview({ url }: { url: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const trimmed = url.trim();
  if (!trimmed) return null;
  if (trimmed === failedUrl) {
    return (
      <Text size="sm" c="orange.9" role="status" style={{ display: 'flex', gap: 6, alignItems: 'flex-start' }}>
        <IconPhotoOff size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
        {LOGO_DID_NOT_LOAD}
      </Text>
    );
  }
  return (
    <Box>
      <Text size="sm" fw={500} mb={4}>
        Logo preview
      </Text>
      <Box p="xs" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, display: 'inline-block', maxWidth: '100%' }}>
        <img
          key={trimmed}
          src={trimmed}
          alt="Logo preview"
          style={{ display: 'block', height: 64, width: 'auto', maxWidth: 'min(240px, 100%)', objectFit: 'contain' }}
          onError={() => setFailedUrl(trimmed)}
        />
      </Box>
    </Box>
  );
}
