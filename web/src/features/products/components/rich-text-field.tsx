import { Input, Tabs, Textarea } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ContentLoader } from '../../../components/ui/loaders';

const VisualEditor = lazy(() => import('./rich-text-editor'));

export type RichTextTab = 'visual' | 'html';

interface RichTextFieldProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  tab: RichTextTab;
  onTabChange: (tab: RichTextTab) => void;
  error?: string;
}

/**
 * A description being edited: a Visual tab (the rich-text editor) and an HTML tab (the code in a
 * textarea). Tabs mount only while shown, so each starts from the other's edits. The view mode
 * renders the sanitised HTML instead: RichTextView.
 */
export function RichTextField({ label, value, onChange, tab, onTabChange, error }: RichTextFieldProps) {
  return (
    <Input.Wrapper label={label} error={error} component="div">
      <Tabs value={tab} onChange={(next) => next && onTabChange(next as RichTextTab)} keepMounted={false} variant="outline" mt={4}>
        <Tabs.List aria-label={`${label} editor`}>
          <Tabs.Tab value="visual">Visual</Tabs.Tab>
          <Tabs.Tab value="html">HTML</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="visual" pt="xs">
          <Suspense fallback={<ContentLoader label={`Loading the ${label.toLowerCase()} editor`} />}>
            <VisualEditor label={`${label} (visual)`} value={value} onChange={onChange} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="html" pt="xs">
          <Textarea
            aria-label={`${label} (HTML)`}
            value={value}
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
