type Level = 'error' | 'warn'

const allowed = new Set<Level>()

/** Lets the current test write to console.error / console.warn without failing. */
export function allowConsole(...levels: Level[]) {
  for (const level of levels.length > 0 ? levels : (['error', 'warn'] as const)) allowed.add(level)
}

export function consoleCallsAllowed(level: Level) {
  return allowed.has(level)
}

export function resetConsoleAllowance() {
  allowed.clear()
}
