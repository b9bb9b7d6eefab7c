import { QUALITY_CHECK_NAMES, tagKey, type ProductFilterParams, type QualityCheck } from '@bosun/shared';

/**
 * The part of the list's state that lives in the address (SPEC §2 route table): a link reproduces
 * the view, and Back/Forward step through filter changes. The address uses the API's own parameter
 * names, so a renamed or removed filter fails to compile here.
 */
type UrlParams = Required<Pick<ProductFilterParams, 'search' | 'vendor_id' | 'vendor_category_ids' | 'store_category_ids' | 'tags' | 'problem'>>;
type UrlFilterKey = keyof UrlParams;

/** Every filter of the address is always there: '' for no search, [] for no ids, null for no vendor or problem. */
export type UrlFilters = { [K in UrlFilterKey]: UrlParams[K] extends readonly unknown[] ? UrlParams[K] : string extends UrlParams[K] ? UrlParams[K] : UrlParams[K] | null };

/** How one filter reads from and writes to the values of its repeated parameter. */
interface UrlCodec<T> {
  read(values: string[]): T;
  write(value: T): string[];
}

const toId = (text: string): number | null => {
  const n = Number(text.trim());
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

const text: UrlCodec<string> = {
  read: (values) => (values[0] ?? '').trim(),
  write: (value) => (value.trim() ? [value.trim()] : []),
};

const id: UrlCodec<number | null> = {
  read: (values) => toId(values[0] ?? ''),
  write: (value) => (value === null ? [] : [String(value)]),
};

/** A quality check's name (the dashboard's queue links); an unknown one is no filter. */
const problem: UrlCodec<QualityCheck | null> = {
  read: (values) => QUALITY_CHECK_NAMES.find((name) => name === values[0]?.trim()) ?? null,
  write: (value) => (value === null ? [] : [value]),
};

/** Repeated (?a=1&a=2) or comma-separated (?a=1,2) ids; junk is dropped, duplicates once. */
const ids: UrlCodec<number[]> = {
  read: (values) => [...new Set(values.flatMap((value) => value.split(',')).map(toId).filter((n): n is number => n !== null))],
  write: (value) => value.map(String),
};

/** Repeated (?tags=a&tags=b), never split on commas (a tag may hold one); blanks dropped, repeats in another ASCII case once. */
const tags: UrlCodec<string[]> = {
  read: (values) => {
    const seen = new Set<string>();
    return values.map((v) => v.trim()).filter((v) => v !== '' && !seen.has(tagKey(v)) && Boolean(seen.add(tagKey(v))));
  },
  write: (value) => value,
};

/** The one list of the address's filters, in the order they are written. */
const URL_FILTERS: { [K in UrlFilterKey]: UrlCodec<UrlFilters[K]> } = {
  search: text,
  vendor_id: id,
  vendor_category_ids: ids,
  store_category_ids: ids,
  tags,
  problem,
};
const URL_KEYS = Object.keys(URL_FILTERS) as UrlFilterKey[];

export function readUrlFilters(params: URLSearchParams): UrlFilters {
  return Object.fromEntries(URL_KEYS.map((key) => [key, URL_FILTERS[key].read(params.getAll(key))])) as UrlFilters;
}

export const EMPTY_URL_FILTERS: UrlFilters = readUrlFilters(new URLSearchParams());

/** The address for these filters; parameters the list does not own are kept as they were. */
export function writeUrlFilters(current: URLSearchParams, filters: UrlFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of URL_KEYS) next.delete(key);
  for (const key of URL_KEYS) for (const value of encode(key, filters[key])) next.append(key, value);
  return next;
}

// Generic, so that the compiler pairs each key's codec with that key's value.
const encode = <K extends UrlFilterKey>(key: K, value: UrlFilters[K]) => URL_FILTERS[key].write(value);
