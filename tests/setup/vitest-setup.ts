import { afterEach, beforeEach, vi } from 'vitest'

import { consoleCallsAllowed, resetConsoleAllowance } from './console.ts'

// A console.error or console.warn that nobody expected fails the test (docs/testing.md); a test that means to
// provoke one says so with allowConsole() from ./console.ts.
beforeEach(() => {
  resetConsoleAllowance()
  vi.spyOn(console, 'error')
  vi.spyOn(console, 'warn')
})

afterEach(() => {
  // Test files share their worker (isolate: false): a test that took the clock over gives it back.
  vi.useRealTimers()
  const calls = [
    ...vi.mocked(console.error).mock.calls.map((args) => ['error', ...args]),
    ...vi.mocked(console.warn).mock.calls.map((args) => ['warn', ...args]),
  ]
  vi.mocked(console.error).mockRestore()
  vi.mocked(console.warn).mockRestore()
  const unexpected = calls.filter(([level]) => !consoleCallsAllowed(level as 'error' | 'warn'))
  if (unexpected.length > 0) {
    const lines = unexpected.map(([level, ...args]) => `console.${level}: ${args.map(String).join(' ')}`)
    throw new Error(
      `Unexpected console output (call allowConsole() if the test expects it):\n${lines.join('\n')}`,
    )
  }
})
