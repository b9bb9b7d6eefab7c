import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` (48em) wide tables become cards: the app shell's own breakpoint. */
export function useIsPhone(): boolean {
  return useMediaQuery('(max-width: 48em)') ?? false;
}
