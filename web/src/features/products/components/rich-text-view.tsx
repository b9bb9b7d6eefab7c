import { Box, Typography } from '@mantine/core';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import { EmptyValue } from './value-list';

/** A stored description as it reads: its sanitised HTML rendered, or a muted dash when there is none. */
export function RichTextView({ label, html }: { label: string; html: string | null | undefined }) {
  const safe = sanitizeHtml(html);
  return (
    <Box role="region" aria-label={label} fz="sm">
      {safe ? (
        <Typography>
          <div dangerouslySetInnerHTML={{ __html: safe }} />
        </Typography>
      ) : (
        <EmptyValue />
      )}
    </Box>
  );
}
