import { Image, type ImageProps } from '@mantine/core';
import { useState } from 'react';

export const FALLBACK_IMAGE_URL = '/logo-fallback.svg';
/** The grey 'No image' picture, for a product's own images. */
export const PRODUCT_PLACEHOLDER_URL = '/product-placeholder.svg';

interface ImageWithFallbackProps extends Omit<ImageProps, 'src' | 'fallbackSrc'> {
  src: string | null | undefined;
  alt: string;
  fallbackSrc?: string;
  /** 'lazy': fetched only when it comes near the screen (long lists). */
  loading?: 'lazy' | 'eager';
}

/** An image that shows the fallback when the address is empty or does not load; `onError` still hears of the failure. */
export function ImageWithFallback({ src, alt, fallbackSrc = FALLBACK_IMAGE_URL, onError, ...rest }: ImageWithFallbackProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : fallbackSrc;
  return (
    <Image
      {...rest}
      src={usable}
      alt={alt}
      onError={(event) => {
        setFailedSrc(src ?? null);
        onError?.(event);
      }}
    />
  );
}
