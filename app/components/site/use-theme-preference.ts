import { useCallback, useSyncExternalStore } from 'react'

import { applyTheme, DEFAULT_THEME, findTheme, STORAGE_KEYS, type ThemeName } from '#app/lib/themes.ts'

const listeners = new Set<() => void>()

function readStorage(key: string) {
  try {
    return window.localStorage.getItem(key)
  } catch {
    // Storage can be disabled (private modes, strict settings): the site still works with the defaults.
    return null
  }
}

function writeStorage(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    // See readStorage: the choice then lasts for this page only.
  }
}

// A string snapshot keeps useSyncExternalStore's identity check cheap and stable.
function getSnapshot() {
  return `${findTheme(readStorage(STORAGE_KEYS.theme)).name}|${readStorage(STORAGE_KEYS.darkMode) === 'true'}`
}

// The server cannot see the visitor's storage; the boot script has already painted the right colours, and React
// re-renders with the stored values right after hydration.
const getServerSnapshot = () => `${DEFAULT_THEME}|false`

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.theme && event.key !== STORAGE_KEYS.darkMode) return
    const [name, dark] = getSnapshot().split('|')
    applyTheme(document.documentElement, findTheme(name), dark === 'true')
    listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/**
 * Applies the saved theme to the document root, as the boot script does on a full page load; needed when the
 * public site is entered by a client-side navigation, where that script does not run.
 */
export function applyStoredTheme() {
  const [name, dark] = getSnapshot().split('|')
  applyTheme(document.documentElement, findTheme(name), dark === 'true')
}

/** The visitor's colour theme and dark mode, saved in localStorage and applied to the document root. */
export function useThemePreference() {
  const [name, dark] = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot).split('|')
  const theme = findTheme(name)
  const darkMode = dark === 'true'

  const save = useCallback((themeName: ThemeName, nextDark: boolean) => {
    writeStorage(STORAGE_KEYS.theme, themeName)
    writeStorage(STORAGE_KEYS.darkMode, String(nextDark))
    applyTheme(document.documentElement, findTheme(themeName), nextDark)
    for (const listener of listeners) listener()
  }, [])

  return {
    theme,
    darkMode,
    setTheme: (themeName: ThemeName) => save(themeName, darkMode),
    toggleDarkMode: () => save(theme.name, !darkMode),
  }
}
