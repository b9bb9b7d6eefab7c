import type { Product } from '@bosun/shared';
import { Box, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { ImageWithFallback, PRODUCT_PLACEHOLDER_URL } from '../../../components/ui/image-with-fallback';
import { useIsPhone } from '../../../components/ui/use-is-phone';
import { EmptyValue } from './value-list';
import { Dialog } from '../../../components/ui/dialog';

/** The product's images, its main one first, each address once. */
export function productImages(product: Pick<Product, 'image_url' | 'images'>): string[] {
  return [...new Set([product.image_url, ...product.images].filter((src): src is string => Boolean(src?.trim())))];
}

const imageName = (name: string, index: number, count: number) => (count === 1 ? name : `${name}, image ${index + 1} of ${count}`);

interface ProductGalleryProps {
  name: string;
  images: string[];
  /** The image shown large, or null while none is; the page's header image opens it too. */
  viewing: number | null;
  onView: (index: number | null) => void;
}

/**
 * The images as thumbnails (issue 24 point 11: not their addresses as text); a click shows one
 * large with previous and next. An image that does not load shows the 'No image' picture, and says so.
 */
export function ProductGallery({ name, images, viewing, onView }: ProductGalleryProps) {
  // Addresses that did not load, so that the large view says why it shows the placeholder.
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const markFailed = (src: string) => setFailed((current) => (current.has(src) ? current : new Set(current).add(src)));

  if (images.length === 0) return <EmptyValue />;
  return (
    <>
      <Group gap="xs" role="group" aria-label="Images">
        {images.map((src, index) => (
          <UnstyledButton
            key={src}
            onClick={() => onView(index)}
            aria-label={`Show ${images.length === 1 ? 'the image' : `image ${index + 1} of ${images.length}`} larger${failed.has(src) ? ' (it could not be loaded)' : ''}`}
            style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
          >
            <ImageWithFallback src={src} fallbackSrc={PRODUCT_PLACEHOLDER_URL} alt="" w={88} h={88} fit="contain" onError={() => markFailed(src)} />
          </UnstyledButton>
        ))}
      </Group>
      <ImageViewer name={name} images={images} index={viewing} onView={onView} failed={failed} onFailed={markFailed} />
    </>
  );
}

interface ImageViewerProps {
  name: string;
  images: string[];
  index: number | null;
  onView: (index: number | null) => void;
  failed: ReadonlySet<string>;
  onFailed: (src: string) => void;
}

/** One image large, in a dialog; the arrow keys and the buttons go round the images. */
function ImageViewer({ name, images, index, onView, failed, onFailed }: ImageViewerProps) {
  const phone = useIsPhone();
  const count = images.length;
  const step = (by: number) => index !== null && onView((index + by + count) % count);
  useHotkeys(index !== null && count > 1 ? [['ArrowLeft', () => step(-1)], ['ArrowRight', () => step(1)]] : []);
  const shown = index === null ? undefined : images[index];

  return (
    <Dialog
      opened={index !== null}
      onClose={() => onView(null)}
      title={index === null ? '' : count === 1 ? name : `Image ${index + 1} of ${count}`}
      size="xl"
      fullScreen={phone}
    >
      {index !== null && shown !== undefined && (
        <Stack gap="sm">
          <Box bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
            <ImageWithFallback
              key={shown}
              src={shown}
              fallbackSrc={PRODUCT_PLACEHOLDER_URL}
              alt={imageName(name, index, count)}
              // The placeholder of an image that did not load need not fill the screen.
              h={failed.has(shown) ? 160 : phone ? '60dvh' : '65dvh'}
              fit="contain"
              onError={() => onFailed(shown)}
            />
          </Box>
          {failed.has(shown) && (
            <Text size="sm" c="red.8" role="status" style={{ overflowWrap: 'anywhere' }}>
              This image could not be loaded: {shown}
            </Text>
          )}
          {count > 1 && (
            <Group justify="space-between">
              <Button variant="default" leftSection={<IconChevronLeft size={16} />} onClick={() => step(-1)}>
                Previous
              </Button>
              <Button variant="default" rightSection={<IconChevronRight size={16} />} onClick={() => step(1)}>
                Next
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Dialog>
  );
}
