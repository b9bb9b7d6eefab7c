import { AUTH_MESSAGES, type VariationsResponse } from '@bosun/shared';
import { Stack, Text } from '@mantine/core';
import { AccessDenied } from '../../../components/ui/access-denied';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { ContentLoader } from '../../../components/ui/loaders';
import { isApiError, isForbidden } from '../../../lib/api-client';
import { useVariations } from '../api/get-variations';
import { AttributesEditor } from './attributes-editor';
import { VariationsEditor } from './variations-editor';
import { VariationsHeader } from './variations-header';

/** /product/{id}/variations (issue 18): the attributes, the generator and the grid of every variation. */
export function VariationsView({ id }: { id: number }) {
  const valid = Number.isInteger(id) && id > 0;
  const query = useVariations(id, { enabled: valid });

  if (isForbidden(query.error)) return <AccessDenied message={AUTH_MESSAGES.accessDeniedPage} />;
  if (!valid || (isApiError(query.error) && query.error.status === 404)) {
    return <ErrorPanel title="Product not found" message="There is no product with this id." />;
  }
  if (query.error) {
    return (
      <ErrorPanel
        title="The variations could not be loaded"
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (!query.data) return <ContentLoader label="Loading variations" />;
  return <VariationsScreen data={query.data} />;
}

function VariationsScreen({ data }: { data: VariationsResponse }) {
  return (
    <Stack gap="md">
      <VariationsHeader data={data} />
      {/* Saved attributes start the editor afresh; a save elsewhere does not mix with a draft. */}
      <AttributesEditor key={JSON.stringify(data.attributes)} productId={data.product.id} attributes={data.attributes} variationCount={data.variations.length} />
      {data.attributes.length > 0 ? (
        <VariationsEditor data={data} />
      ) : (
        <Text size="sm" c="dimmed">
          Save at least one attribute to generate variations.
        </Text>
      )}
    </Stack>
  );
}
