import { Center, Loader } from '@mantine/core';

/** Shown while something the whole screen depends on (the session, a lazy page) is on its way. */
export function FullScreenLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center h="100vh" role="status" aria-live="polite" aria-label={label}>
      <Loader size="lg" />
    </Center>
  );
}

/** The same indicator sized for the content area of the shell. */
export function ContentLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih={240} role="status" aria-live="polite" aria-label={label}>
      <Loader />
    </Center>
  );
}
