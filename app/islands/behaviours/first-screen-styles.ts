/**
 * The home carries its first screen's rules in its head and links the whole sheet after its slides (decision 0028).
 * This script runs after that link, once its sheet is in: the first screen's rules, all of them in the whole sheet
 * too, are then dropped, so every later change of style (a theme, dark mode, the menu) matches each rule once
 * instead of twice. If the whole sheet failed to load, they stay.
 */
import type { Behaviour } from '../behaviour.ts'
import { Data } from '../markup.ts'

export const firstScreenStyles: Behaviour = {
  selector: `style[${Data.firstScreenStyles}]`,
  start(styles) {
    const rest = document.querySelector<HTMLLinkElement>(`link[${Data.restOfStyles}]`)
    if (rest?.sheet) for (const style of styles) style.remove()
  },
}
