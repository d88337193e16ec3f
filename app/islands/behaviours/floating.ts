/**
 * The floating WhatsApp button and theme picker never cover what a visitor on a phone reads or types: while they
 * scroll down the page (reading on) the root has `data-scrolling-down` and site.css moves the controls out of the
 * way; scrolling back up, or reaching the end of the page, brings them back. (While a form field has focus,
 * site.css hides them by itself, script or no script.)
 */
import type { Behaviour } from '../behaviour.ts'
import { Data } from '../markup.ts'

/** Movements smaller than this are a wobble of the finger, not a direction. */
const MOVE_PX = 12
/** Near the top the controls always show: nothing is read under them yet. */
const TOP_PX = 120

export const floating: Behaviour = {
  selector: `[${Data.floating}]`,
  start() {
    const root = document.documentElement
    // Not `scrollY`: reading it lays the page out, and this runs while the page is still being parsed (a forced
    // layout of everything parsed so far, then again for the rest: the longest task of a phone's load, issue 30).
    // A page opens at its top; a position the browser restores arrives as a scroll like any other.
    let last = 0
    let queued = false
    const update = () => {
      queued = false
      const y = scrollY
      const atEnd = innerHeight + y >= root.scrollHeight - 2
      if (y < TOP_PX || atEnd || y < last - MOVE_PX) root.removeAttribute(Data.scrollingDown)
      else if (y > last + MOVE_PX) root.setAttribute(Data.scrollingDown, '')
      else return
      last = y
    }
    addEventListener(
      'scroll',
      () => {
        if (queued) return
        queued = true
        requestAnimationFrame(update)
      },
      { passive: true },
    )
  },
}
