import { vi } from 'vitest';

/** A phone: the app's phone query (Mantine's sm, 48em) matches; every other query keeps its answer. */
export function onAPhone() {
  const original = window.matchMedia.bind(window);
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    query.includes('max-width: 48em')
      ? ({ matches: true, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false } as MediaQueryList)
      : original(query),
  );
}
