import { ImageWithFallback, PRODUCT_PLACEHOLDER_URL } from '../../../components/ui/image-with-fallback';

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
