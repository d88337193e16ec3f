/**
 * The spec's toast area at the top right (at most 3, 4 s each, rich colours), for other behaviours to call: it
 * answers no control of its own, so it is not in public-site.ts's list. A toast is for the eyes; the behaviour
 * that shows one says the same to screen readers where the visitor is (the contact form's own box).
 */
import { Data } from '../markup.ts'

/** Every class a script writes is in the public stylesheet only because app/styles/public.css reads this folder. */
export const TOAST_CLASSES = {
  base: 'rounded-xl border px-4 py-3 text-sm font-medium shadow-lg',
  success: 'border-green-600/30 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100',
  error: 'border-red-600/30 bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-100',
}

const SHOWN = 3
const SHOWN_MS = 4000

export function showToast(kind: 'success' | 'error', text: string) {
  const area = document.querySelector(`[${Data.toasts}]`)
  if (!area) return
  const item = document.createElement('li')
  item.setAttribute(Data.toast, kind)
  item.setAttribute('aria-hidden', 'true')
  item.className = `${TOAST_CLASSES.base} ${TOAST_CLASSES[kind]}`
  item.textContent = text
  area.prepend(item)
  while (area.children.length > SHOWN) area.lastElementChild!.remove()
  setTimeout(() => item.remove(), SHOWN_MS)
}
