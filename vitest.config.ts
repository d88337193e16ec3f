import { defineConfig } from 'vitest/config'

/** Files that load the machine themselves (a crowd of clients against two workers): they run alone, at the end. */
const ALONE = ['tests/integration/crowd.test.ts']

// NOTE: a config of its own (not vite.config.ts): the React Router plugin must not run under Vitest.
export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['./tests/setup/global-setup.ts'],
    setupFiles: ['./tests/setup/vitest-setup.ts'],
    // Integration files start real servers (child processes) and mostly wait on them, on SMTP and on PostgreSQL:
    // three files at a time keep two cores busy (two left a third of the time idle).
    pool: 'forks',
    // Files share their worker's modules instead of importing the application afresh each: that import was
    // two thirds of the unit tests' time (40 files: 40 s of CPU, now 8). No test file changes the process's
    // globals, and per-test state is registered with the test (onTestFinished), never at a module's top level.
    isolate: false,
    // Generous: a test that starts servers or hashes passwords takes seconds, many more on a busy machine.
    testTimeout: 60_000,
    // Starting a server takes about a second, creating an administrator through the CLI a few more.
    hookTimeout: 120_000,
    teardownTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'together',
          include: ['app/**/*.test.ts', 'host/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          exclude: ALONE,
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
    // .ci/run asks for a JSON report here to count the results; on the command line
    // `--reporter=default --reporter=json --outputFile=FILE` does the same.
    ...(process.env.VITEST_JSON_OUTPUT
      ? { reporters: ['default', 'json'], outputFile: { json: process.env.VITEST_JSON_OUTPUT } }
      : {}),
  },
})
