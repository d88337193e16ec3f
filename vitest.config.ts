import { defineConfig } from 'vitest/config'

// NOTE: a config of its own (not vite.config.ts): the React Router plugin must not run under Vitest.
export default defineConfig({
  test: {
    include: ['app/**/*.test.ts', 'host/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./tests/setup/global-setup.ts'],
    setupFiles: ['./tests/setup/vitest-setup.ts'],
    // Integration files start real servers (child processes); two cores run two files at a time.
    pool: 'forks',
    maxWorkers: 2,
    // Files share their worker's modules instead of importing the application afresh each: that import was
    // two thirds of the unit tests' time (40 files: 40 s of CPU, now 8). No test file changes the process's
    // globals, and per-test state is registered with the test (onTestFinished), never at a module's top level.
    isolate: false,
    // Generous: a test that starts servers or hashes passwords takes seconds, many more on a busy machine.
    testTimeout: 60_000,
    // Starting a server takes about a second, creating an administrator through the CLI a few more.
    hookTimeout: 120_000,
    teardownTimeout: 20_000,
    // .ci/run asks for a JSON report here to count the results; on the command line
    // `--reporter=default --reporter=json --outputFile=FILE` does the same.
    ...(process.env.VITEST_JSON_OUTPUT
      ? { reporters: ['default', 'json'], outputFile: { json: process.env.VITEST_JSON_OUTPUT } }
      : {}),
  },
})
