/**
 * The floating WhatsApp button and theme picker never cover what a visitor on a phone reads or presses. They step
 * aside while the page moves; once it rests, the root gets `data-floating-clear` (and site.css shows them) only if
 * no text, link, button or field lies under their corner. At the page's end the footer keeps a band for them, so
 * they always show there. (The cookie banner and a field being typed in hide them by CSS alone.) From the `md`
 * width up they float as they always did; this only keeps them above a cookie banner of any height.
 */
import type { Behaviour } from '../behaviour.ts'
import { Data, DialogId } from '../markup.ts'

/** How long the page must rest before the controls come back. */
const REST_MS = 150
/** The grid of points looked at under the controls, in px: finer than a letter, a line or a button. */
const STEP = 8
/** What a visitor presses (the map is dragged); a label or summary has words, and is found by them. */
const CONTROLS = `a[href],button,input,select,textarea,iframe,audio,[tabindex]:not([tabindex="-1"]),[${Data.map}]`

/** Points from one edge to the other, STEP apart, both edges included (half a pixel inside). */
function across(from: number, to: number) {
  const points: number[] = []
  for (let at = from + 0.5; at < to - 0.5; at += STEP) points.push(at)
  return [...points, to - 0.5]
}

/** Whether the point is on a letter of the page or inside a control, looking through the floating controls. */
function busy(x: number, y: number) {
  const under = document.elementsFromPoint(x, y).find((element) => !element.closest(`[${Data.floating}]`))
  if (!under) return false
  if (under.closest(CONTROLS)) return true
  // The letter nearest the point, and whether the point is on it (not beside the end of a short line). Safari
  // before 26 knows only caretRangeFromPoint.
  const caret = document.caretPositionFromPoint?.(x, y)
  const range = caret ? null : document.caretRangeFromPoint?.(x, y)
  const text = caret ? caret.offsetNode : range?.startContainer
  const offset = caret ? caret.offset : (range?.startOffset ?? 0)
  if (text?.nodeType !== Node.TEXT_NODE || !under.contains(text)) return false
  const letters = document.createRange()
  letters.setStart(text, Math.max(0, offset - 1))
  letters.setEnd(text, Math.min((text as Text).length, offset + 1))
  for (const box of letters.getClientRects())
    if (x >= box.left && x <= box.right && y >= box.top && y <= box.bottom) return true
  return false
}

export const floating: Behaviour = {
  selector: `[${Data.floating}]`,
  start(controls) {
    const root = document.documentElement
    const phone = matchMedia('(width < 48rem)')
    const banner = document.querySelector<HTMLElement>(`[${Data.cookieBanner}]`)
    const panel = document.getElementById(DialogId.themePanel)
    let timer: ReturnType<typeof setTimeout> | undefined
    let choosing = false
    // The swatches' popover closes as the controls step aside.
    panel?.addEventListener('toggle', (event) => (choosing = (event as ToggleEvent).newState === 'open'))

    const look = () => {
      // A banner's words take more lines in some languages and at some widths: the controls rise by its height.
      // Written on the controls, not the root, and only when it changes: a custom property set on the root is
      // inherited by every element, so the browser works out the whole page's styles again (46 ms of a phone's
      // load, the longest task after the first paint: issue 50).
      const height = banner?.offsetHeight ? `${banner.offsetHeight}px` : ''
      for (const control of controls)
        if (height && control.style.getPropertyValue('--cookie-banner-height') !== height)
          control.style.setProperty('--cookie-banner-height', height)
      if (!phone.matches) return root.setAttribute(Data.floatingClear, '')
      // Where each control stands when shown: offsets leave out the `translate` that moves a hidden one away.
      for (const { offsetLeft: left, offsetTop: top, offsetWidth: width, offsetHeight: height } of controls)
        for (const y of across(top, top + height))
          for (const x of across(left, left + width))
            if (busy(x, y)) return root.removeAttribute(Data.floatingClear)
      root.setAttribute(Data.floatingClear, '')
    }
    const later = () => {
      clearTimeout(timer)
      timer = setTimeout(look, REST_MS)
    }

    addEventListener(
      'scroll',
      () => {
        if (phone.matches && root.hasAttribute(Data.floatingClear)) {
          root.removeAttribute(Data.floatingClear)
          if (choosing) panel!.hidePopover()
        }
        later()
      },
      { passive: true },
    )
    // What is under them changes when the window does, when pictures arrive and after a tap (a banner answered, a
    // section opened).
    addEventListener('resize', later)
    addEventListener('load', later)
    addEventListener('click', later)
    // Not now: this runs while the page is still being parsed, and reading the layout would lay it out early (the
    // longest task of a phone's load, issue 30). After the first frame it is laid out already.
    requestAnimationFrame(later)
  },
}
