import { Group, Text } from '@mantine/core';
import { ImageWithFallback } from '../../../components/ui/image-with-fallback';
import { useSettings } from '../api/get-settings';
import { TruncatedText } from '../../../components/ui/truncated-text';

const DEFAULT_COMPANY_NAME = 'Bosun';

/** The sidebar's logo and company name, from the company settings. */
export function CompanyBrand({ compact = false }: { compact?: boolean }) {
  const { data: settings } = useSettings();
  const name = settings?.company_name || DEFAULT_COMPANY_NAME;
  return (
    <Group gap="sm" wrap="nowrap" justify={compact ? 'center' : 'flex-start'} style={{ overflow: 'hidden' }}>
      <ImageWithFallback src={settings?.logo_url} alt={`${name} logo`} h={36} w={36} fit="contain" radius="sm" style={{ flex: 'none' }} />
      {!compact && (
        <Text fw={700} size={name.length > 16 ? 'md' : 'lg'} lh={1.2} component="div" miw={0}>
          <TruncatedText lines={2} full={name}>
            {name}
          </TruncatedText>
        </Text>
      )}
    </Group>
  );
}
