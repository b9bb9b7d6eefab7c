import { Box, Input, Tabs, Textarea, Typography } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ContentLoader } from '../../../components/ui/loaders';
import { sanitizeHtml } from '../../../lib/sanitize-html';

const VisualEditor = lazy(() => import('./rich-text-editor'));

export type RichTextTab = 'visual' | 'html';

interface RichTextFieldProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  readOnly?: boolean;
  tab: RichTextTab;
  onTabChange: (tab: RichTextTab) => void;
  error?: string;
}

/**
 * A description: a Visual tab (the rich-text editor; in view mode the sanitised HTML rendered) and
 * an HTML tab (the code in a textarea). Tabs mount only while shown, so each starts from the other's edits.
 */
export function RichTextField({ label, value, onChange, readOnly, tab, onTabChange, error }: RichTextFieldProps) {
  return (
    <Input.Wrapper label={label} error={error} component="div">
      <Tabs value={tab} onChange={(next) => next && onTabChange(next as RichTextTab)} keepMounted={false} variant="outline" mt={4}>
        <Tabs.List aria-label={`${label} editor`}>
          <Tabs.Tab value="visual">Visual</Tabs.Tab>
          <Tabs.Tab value="html">HTML</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="visual" pt="xs">
          {readOnly ? (
            <Box role="region" aria-label={`${label} (visual)`} p="sm" mih={60} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}>
              {value ? (
                <Typography>
                  <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(value) }} />
                </Typography>
              ) : (
                <Box c="dimmed" fz="sm">
                  No {label.toLowerCase()}
                </Box>
              )}
            </Box>
          ) : (
            <Suspense fallback={<ContentLoader label={`Loading the ${label.toLowerCase()} editor`} />}>
              <VisualEditor label={`${label} (visual)`} value={value} onChange={onChange} />
            </Suspense>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="html" pt="xs">
          <Textarea
            aria-label={`${label} (HTML)`}
            value={value}
            readOnly={readOnly}
            onChange={(event) => onChange(event.currentTarget.value)}
            rows={8}
            resize="vertical"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
            error={Boolean(error)}
          />
        </Tabs.Panel>
      </Tabs>
    </Input.Wrapper>
  );
}
