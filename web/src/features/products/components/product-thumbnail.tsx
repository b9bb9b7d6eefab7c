import { ImageWithFallback } from '../../../components/ui/image-with-fallback';

/** The neutral picture shown for a product without an image, or whose image does not load. */
export const PRODUCT_PLACEHOLDER_URL = '/product-placeholder.svg';

/**
 * A product's small picture in the list. Decorative (the name is beside it), fetched only when its
 * row comes near the screen, and always the same size, so rows keep their height whether it loads
 * or not.
 */
export function ProductThumbnail({ src, size }: { src: string | null | undefined; size: number }) {
  return (
    <ImageWithFallback
      src={src}
      fallbackSrc={PRODUCT_PLACEHOLDER_URL}
      alt=""
      w={size}
      h={size}
      radius="sm"
      fit="cover"
      loading="lazy"
      style={{ flex: 'none' }}
    />
  );
}
