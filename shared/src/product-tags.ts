import { z } from 'zod';

export const MAX_TAGS = 50;
export const MAX_TAG_CHARS = 100;

/**
 * A tag's key: the tag with its ASCII letters in lower case. Two tags of a product with the same
 * key are one tag ('Wool' and 'wool'), and the list's tag filter matches by it. Only ASCII letters
 * fold, as the search does: SQLite has no Unicode case table, and every engine must agree.
 */
export const tagKey = (tag: string) => tag.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Tags with the same key as an earlier one are left out (the first spelling is kept); blank ones too. */
export function uniqueTags(tags: readonly string[]): string[] {
  return uniqueTagsAndRepeats(tags).kept;
}

/**
 * uniqueTags, with the spellings it left out for an earlier one ('rope' for 'Rope'), once each, so
 * an import can say so. A repeat spelled as the kept tag loses nothing and is not listed.
 */
export function uniqueTagsAndRepeats(tags: readonly string[]): { kept: string[]; repeats: Array<{ leftOut: string; kept: string }> } {
  const keptByKey = new Map<string, string>();
  const repeats: Array<{ leftOut: string; kept: string }> = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (tag === '') continue;
    const kept = keptByKey.get(tagKey(tag));
    if (kept === undefined) keptByKey.set(tagKey(tag), tag);
    else if (kept !== tag && !repeats.some((r) => r.leftOut === tag)) repeats.push({ leftOut: tag, kept });
  }
  return { kept: [...keptByKey.values()], repeats };
}

export const TAG_MESSAGES = {
  tooMany: `At most ${MAX_TAGS} tags`,
  tooLong: `A tag must be at most ${MAX_TAG_CHARS} characters`,
  nul: 'A tag must not contain a NUL character',
} as const;

const tagSchema = z
  .string('Tags must be text')
  .trim()
  .max(MAX_TAG_CHARS, TAG_MESSAGES.tooLong)
  .refine((v) => !v.includes('\0'), TAG_MESSAGES.nul);

/** A product's tags as a client sends them: trimmed, blanks and case-insensitive repeats left out. */
export const tagListSchema = z.array(tagSchema, 'Tags must be a list of text').transform(uniqueTags).pipe(z.array(z.string()).max(MAX_TAGS, TAG_MESSAGES.tooMany));

/** Tags a bulk edit adds or removes (at most MAX_TAGS at once). */
export const bulkTagListSchema = z.array(tagSchema, 'Tags must be a list of text').transform(uniqueTags).pipe(z.array(z.string()).min(1, 'Name at least one tag').max(MAX_TAGS, TAG_MESSAGES.tooMany));

/**
 * The list's tag filter: repeated (?tags=a&tags=b), a product with any of them. Not split on commas:
 * a tag may hold one.
 */
export const tagFilterSchema = z.preprocess(
  (v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '')),
  z.array(tagSchema.min(1), 'tags must be text').max(MAX_TAGS, `tags: at most ${MAX_TAGS} at once`).optional(),
);
