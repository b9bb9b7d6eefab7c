import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'shared', root: './shared', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./src/test/migrated-template.ts'],
          // Three files at a time on two cores: a test that takes 10 s alone can take 30.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Vitest's default on two cores is one worker; an API test file spends much of its time
          // loading modules and waiting on its database, so three overlap well (CI's 30 minutes).
          maxWorkers: 3,
          // Projects with their own worker count run as their own group (Vitest requires it).
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The bench's own code (the generated catalogue and its loader), tested beside it.
        test: { name: 'bench', root: './bench', include: ['**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Reduced motion (test/render.tsx's theme respects it): Mantine's transitions set no timers.
          environmentOptions: { happyDOM: { settings: { device: { prefersReducedMotion: 'reduce' } } } },
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 30_000,
          // A component test file keeps one core busy: two at a time use both (209 s for the
          // project instead of about 350 s with one, at load 3-4; CI has 30 minutes).
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
