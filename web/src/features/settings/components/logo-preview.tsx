import { Box, Text } from '@mantine/core';
import { useState } from 'react';

/** A preview of the logo address being typed; an address that does not load shows nothing. */
export function LogoPreview({ url }: { url: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const trimmed = url.trim();
  if (!trimmed || trimmed === failedUrl) return null;
  return (
    <Box>
      <Text size="sm" fw={500} mb={4}>
        Logo preview
      </Text>
      <Box p="xs" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, display: 'inline-block' }}>
        <img
          src={trimmed}
          alt="Logo preview"
          style={{ display: 'block', height: 64, width: 'auto', maxWidth: 240, objectFit: 'contain' }}
          onError={() => setFailedUrl(trimmed)}
        />
      </Box>
    </Box>
  );
}
