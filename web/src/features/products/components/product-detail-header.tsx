import type { Product } from '@bosun/shared';
import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconCopy, IconDeviceFloppy, IconDots, IconEdit, IconLayersSubtract, IconTrash, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ImageWithFallback, PRODUCT_PLACEHOLDER_URL } from '../../../components/ui/image-with-fallback';
import { useKeepToastsAbove } from '../../../components/ui/toast-placement';
import { useIsPhone } from '../../../components/ui/use-is-phone';
import { TruncatedText } from '../../../components/ui/truncated-text';

export interface ProductDetailActions {
  editing: boolean;
  saving: boolean;
  deleting: boolean;
  onEdit: () => void;
  onSave: () => void;
  onCancel: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onVariations: () => void;
}

interface ProductDetailHeaderProps {
  product: Product;
  actions: ProductDetailActions;
  /** The main image, or null; a click on it opens the gallery's large view. */
  image: string | null;
  onOpenImage: () => void;
  /** A variable product's stock and price range, under its name. */
  summary: ReactNode;
}

const variationsLabel = (product: Product) => (product.kind === 'variable' ? `Variations (${product.variation_count})` : 'Add variations');

/**
 * The product page's header: name (wrapped, never cut), ids and badges, and its actions. On a
 * phone the name spans the width, Edit stays a button and the other actions share a menu; while
 * editing, Save and Cancel sit in a bar at the foot of the screen (EditActionsBar).
 */
export function ProductDetailHeader({ product, actions, image, onOpenImage, summary }: ProductDetailHeaderProps) {
  const navigate = useNavigate();
  const phone = useIsPhone();
  const picture = (
    <ImageWithFallback src={image} fallbackSrc={PRODUCT_PLACEHOLDER_URL} alt={product.name} w={phone ? 64 : 88} h={phone ? 64 : 88} fit="contain" radius="sm" />
  );

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <Tooltip label="Back to products">
            <ActionIcon variant="default" size="lg" aria-label="Back to products" onClick={() => navigate('/products')}>
              <IconArrowLeft size={18} />
            </ActionIcon>
          </Tooltip>
          {!phone && <HeaderImage image={image} onOpen={onOpenImage} picture={picture} />}
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Title order={1} size={phone ? 'h3' : 'h2'} style={{ overflowWrap: 'anywhere' }}>
              {product.name}
            </Title>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              {phone && <HeaderImage image={image} onOpen={onOpenImage} picture={picture} />}
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text size="sm" c="dimmed">
                    ID: {product.id}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    SKU: {product.sku}
                  </Text>
                  <Badge color={product.published ? 'teal' : 'gray'} variant="light">
                    {product.published ? 'Published' : 'Draft'}
                  </Badge>
                  {product.featured && (
                    <Badge color="yellow" variant="light">
                      Featured
                    </Badge>
                  )}
                </Group>
                {product.tags.length > 0 && (
                  <Group gap={6} aria-label="Tags">
                    {product.tags.map((tag) => (
                      <Badge key={tag} variant="outline" color="gray" tt="none" maw="100%">
                        <TruncatedText full={tag}>{tag}</TruncatedText>
                      </Badge>
                    ))}
                  </Group>
                )}
                {summary}
              </Stack>
            </Group>
          </Stack>
        </Group>
        {phone ? <PhoneActions product={product} actions={actions} /> : <WideActions product={product} actions={actions} />}
      </Stack>
    </Card>
  );
}

/** The main image; with an image to show, a button that shows it large. */
function HeaderImage({ image, onOpen, picture }: { image: string | null; onOpen: () => void; picture: ReactNode }) {
  if (!image) return <div style={{ flex: 'none' }}>{picture}</div>;
  return (
    <UnstyledButton onClick={onOpen} aria-label="Show the main image larger" style={{ flex: 'none' }}>
      {picture}
    </UnstyledButton>
  );
}

function WideActions({ product, actions }: { product: Product; actions: ProductDetailActions }) {
  if (actions.editing) return <EditActions actions={actions} />;
  return (
    <Group gap="xs" wrap="wrap">
      {product.kind !== 'variation' && (
        <Button variant="light" leftSection={<IconLayersSubtract size={16} />} onClick={actions.onVariations}>
          {variationsLabel(product)}
        </Button>
      )}
      <Button variant="default" leftSection={<IconCopy size={16} />} onClick={actions.onDuplicate}>
        Duplicate
      </Button>
      <Button leftSection={<IconEdit size={16} />} onClick={actions.onEdit}>
        Edit Product
      </Button>
      <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={actions.onDelete} loading={actions.deleting}>
        Delete Product
      </Button>
    </Group>
  );
}

/** Edit as the one button, the rest in 'More actions'; while editing, the bar at the foot holds Save and Cancel. */
function PhoneActions({ product, actions }: { product: Product; actions: ProductDetailActions }) {
  if (actions.editing) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button leftSection={<IconEdit size={16} />} onClick={actions.onEdit} style={{ flex: 1 }}>
        Edit Product
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" rightSection={<IconDots size={16} />} loading={actions.deleting} aria-label="More actions">
            More
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {product.kind !== 'variation' && (
            <Menu.Item leftSection={<IconLayersSubtract size={16} />} onClick={actions.onVariations}>
              {variationsLabel(product)}
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconCopy size={16} />} onClick={actions.onDuplicate}>
            Duplicate
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={actions.onDelete}>
            Delete Product
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** Save and Cancel, both waiting while the save runs. */
export function EditActions({ actions, grow }: { actions: ProductDetailActions; grow?: boolean }) {
  // Save takes the room Cancel leaves.
  const flex = grow ? { flex: 1 } : undefined;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button leftSection={<IconDeviceFloppy size={16} />} onClick={actions.onSave} disabled={actions.saving} style={flex}>
        {actions.saving ? 'Saving...' : 'Save Changes'}
      </Button>
      <Button variant="default" leftSection={<IconX size={16} />} onClick={actions.onCancel} disabled={actions.saving}>
        Cancel
      </Button>
    </Group>
  );
}

/** A phone's Save and Cancel while editing: kept at the foot of the screen however far the form scrolls. */
export function EditActionsBar({ actions }: { actions: ProductDetailActions }) {
  const ref = useKeepToastsAbove<HTMLDivElement>();
  return (
    <Card
      ref={ref}
      withBorder
      padding="sm"
      pos="sticky"
      bottom={0}
      aria-label="Edit actions"
      role="region"
      style={{ zIndex: 3, boxShadow: 'var(--mantine-shadow-md)' }}
    >
      <EditActions actions={actions} grow />
    </Card>
  );
}
