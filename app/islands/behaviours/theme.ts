/**
 * The theme picker: a swatch saves its colour theme, the moon or sun saves dark mode or light, and another tab's
 * choice is followed. The <head> boot script (app/lib/theme-boot-script.ts) applied the saved ones before the
 * first paint; this keeps the buttons' pressed states and the toggle's label true.
 */
import type { Behaviour } from '../behaviour.ts'
import { Data } from '../markup.ts'
import { readStorage, writeStorage } from '../storage.ts'
import { applyTheme, findTheme, STORAGE_KEYS } from '#app/lib/themes.ts'

function showPreferences() {
  const root = document.documentElement
  const theme = findTheme(root.dataset.theme).name
  for (const swatch of document.querySelectorAll(`[${Data.swatch}]`))
    swatch.setAttribute('aria-pressed', String(swatch.getAttribute(Data.swatch) === theme))
  const toggle = document.querySelector(`[${Data.darkToggle}]`)
  const label = toggle?.getAttribute(root.classList.contains('dark') ? Data.darkOffLabel : Data.darkOnLabel)
  if (label) toggle!.setAttribute('aria-label', label)
}

function savePreferences(themeName: string | null | undefined, dark: boolean) {
  const theme = findTheme(themeName)
  writeStorage(STORAGE_KEYS.theme, theme.name)
  writeStorage(STORAGE_KEYS.darkMode, String(dark))
  applyTheme(document.documentElement, theme, dark)
  showPreferences()
}

export const theme: Behaviour = {
  selector: `[${Data.swatch}],[${Data.darkToggle}]`,
  start() {
    showPreferences()
    // Another tab changed the preferences: follow it.
    addEventListener('storage', (event) => {
      if (event.key !== STORAGE_KEYS.theme && event.key !== STORAGE_KEYS.darkMode) return
      applyTheme(
        document.documentElement,
        findTheme(readStorage(STORAGE_KEYS.theme)),
        readStorage(STORAGE_KEYS.darkMode) === 'true',
      )
      showPreferences()
    })
  },
  click(control) {
    const root = document.documentElement
    const dark = root.classList.contains('dark')
    if (control.hasAttribute(Data.darkToggle)) savePreferences(root.dataset.theme, !dark)
    else savePreferences(control.getAttribute(Data.swatch), dark)
  },
}
