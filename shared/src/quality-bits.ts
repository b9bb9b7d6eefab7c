/** Imports nothing (zod-free): the server's SQL reads the check table too. */
/**
 * The catalogue's quality checks (issue 23): each is a queue of listed products that fail it. The
 * database keeps each product's failed checks as bits of products.quality_problems (migration 0038)
 * at every write; a duplicate GTIN is across rows and is read from gtin_counts, and an image that
 * does not load from image_url_checks, so neither has a bit there (their bits here only name them
 * in the settings' switches).
 */
export const QUALITY_CHECKS = {
  no_image: { bit: 1, label: 'No image' },
  invalid_gtin: { bit: 2, label: 'No or invalid GTIN' },
  no_description: { bit: 4, label: 'No description' },
  no_dimensions: { bit: 8, label: 'No weight or dimensions' },
  no_store_category: { bit: 16, label: 'No shop category' },
  below_margin: { bit: 32, label: 'Price below cost or margin' },
  special_above_list: { bit: 64, label: 'Special price above list price' },
  negative_stock: { bit: 128, label: 'Negative stock' },
  duplicate_gtin: { bit: 256, label: 'Duplicate GTIN' },
  broken_image: { bit: 512, label: 'Image URL does not load' },
} as const satisfies Record<string, { bit: number; label: string }>;

export type QualityCheck = keyof typeof QUALITY_CHECKS;
export const QUALITY_CHECK_NAMES = Object.keys(QUALITY_CHECKS) as [QualityCheck, ...QualityCheck[]];

/**
 * The checks the database keeps as bits of products.quality_problems: all but the duplicate GTIN
 * (gtin_counts) and the image that does not load (image_url_checks, written by the background check).
 */
export const ROW_QUALITY_CHECKS = QUALITY_CHECK_NAMES.filter((c) => c !== 'duplicate_gtin' && c !== 'broken_image');

/** The checks switched on, from the settings' mask of the switched-off ones. */
export const enabledQualityChecks = (disabledMask: number): QualityCheck[] => QUALITY_CHECK_NAMES.filter((c) => (disabledMask & QUALITY_CHECKS[c].bit) === 0);

/** The settings' switches as a mask of the checks switched off, and back. */
export const disabledQualityMask = (switches: Partial<Record<QualityCheck, boolean>>, previous = 0): number =>
  QUALITY_CHECK_NAMES.reduce((mask, c) => {
    const on = switches[c];
    if (on === undefined) return mask;
    return on ? mask & ~QUALITY_CHECKS[c].bit : mask | QUALITY_CHECKS[c].bit;
  }, previous);

export const qualitySwitches = (disabledMask: number): Record<QualityCheck, boolean> =>
  Object.fromEntries(QUALITY_CHECK_NAMES.map((c) => [c, (disabledMask & QUALITY_CHECKS[c].bit) === 0])) as Record<QualityCheck, boolean>;

