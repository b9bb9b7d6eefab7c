import { useCallback, useEffect, useRef, useState } from 'react';
import {
  DEFAULT_VENDOR_LIST_OPTIONS,
  VENDOR_SORT_FIELDS,
  VENDOR_STATUS_FILTERS,
  VENDOR_VIEWS,
  type VendorListOptions,
} from './vendor-list-options';

export const VENDOR_LIST_OPTIONS_KEY = 'bosun.vendors.listOptions';

const oneOf = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  (allowed as readonly unknown[]).includes(value) ? (value as T) : fallback;

/** What was saved, each value checked on its own: an old or hand-edited entry falls back per field. */
export function readVendorListOptions(): VendorListOptions {
  let saved: Record<string, unknown> = {};
  try {
    const raw = localStorage.getItem(VENDOR_LIST_OPTIONS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (typeof parsed === 'object' && parsed !== null) saved = parsed as Record<string, unknown>;
  } catch {
    // unreadable: the defaults
  }
  const defaults = DEFAULT_VENDOR_LIST_OPTIONS;
  return {
    view: oneOf(VENDOR_VIEWS, saved.view, defaults.view),
    sortBy: oneOf(VENDOR_SORT_FIELDS, saved.sortBy, defaults.sortBy),
    sortDirection: oneOf(['asc', 'desc'] as const, saved.sortDirection, defaults.sortDirection),
    status: oneOf(VENDOR_STATUS_FILTERS, saved.status, defaults.status),
  };
}

/** The view, sort and status filter of the vendor screen, remembered in this browser. */
export function useVendorListOptions(): [VendorListOptions, (change: Partial<VendorListOptions>) => void] {
  const [options, setOptions] = useState(readVendorListOptions);
  const changed = useRef(false);
  useEffect(() => {
    // Only a choice the user made is written; opening the screen leaves storage alone.
    if (!changed.current) return;
    try {
      localStorage.setItem(VENDOR_LIST_OPTIONS_KEY, JSON.stringify(options));
    } catch {
      // storage full or blocked: the choice still holds for this visit
    }
  }, [options]);
  const update = useCallback((change: Partial<VendorListOptions>) => {
    changed.current = true;
    setOptions((current) => ({ ...current, ...change }));
  }, []);
  return [options, update];
}
