import { expect, it } from 'vitest';

it('runs the web tests with reduced motion, so that no transition timer outlives a test', () => {
  expect(window.matchMedia('(prefers-reduced-motion: reduce)').matches).toBe(true);
});
