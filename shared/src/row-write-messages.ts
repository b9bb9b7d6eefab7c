/**
 * Why the database refused one imported row's write, in our words: 'Row 12: could not be saved
 * (duplicate SKU AB-1)'. The server picks the reason from the engine's error code
 * (import-rules.ts rowWriteFailure) and logs the raw error; staff never read SQL error text.
 * No imports: the SQLite writer's worker thread loads this file.
 */
export const ROW_WRITE_MESSAGES = {
  notSaved: (why: string) => `could not be saved (${why})`,
  duplicateSku: (sku: string) => `duplicate SKU ${sku}`,
  duplicateVariation: 'a variation with these values already exists under its parent',
  duplicateValue: 'a value that must be unique is used by another product',
  valueNotAllowed: 'a value is not allowed for its field',
  valueTooLarge: 'a value is too large to store',
  missingReference: 'a vendor or category it refers to no longer exists',
  missingValue: 'a required value is empty',
  refused: 'the database refused it',
} as const;
