import { defineConfig } from 'vitest/config';
import { patience } from './tests/support/patience.ts';

// Three kinds of test, kept apart (see README "Tests"):
//   unit         pure modules, fetch may be stubbed
//   integration  a real server process on an ephemeral port, a real SQLite file, real photos
//   e2e          the real server and the real built site in Debian's Chromium; with it, in a
//                folder of their own, the accessibility tests (tests/a11y: axe over every screen,
//                keyboard and screen readers), which need the same built site
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: patience(5_000),
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // Bounds hold on a machine five times slower than an ordinary day (tests/support/patience.ts).
          testTimeout: patience(60_000),
          hookTimeout: patience(120_000),
          // What a test polls for (a log line, a status) may take more than a second on a busy machine.
          expect: { poll: { timeout: patience(10_000) } },
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts', 'tests/a11y/**/*.test.ts'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: patience(90_000),
          hookTimeout: patience(300_000),
          expect: { poll: { timeout: patience(10_000) } },
          fileParallelism: false,
        },
      },
    ],
  },
});
