/**
 * One thing the public site does in the browser (a control, or a part of the page that comes alive), as a module
 * of app/islands/behaviours registered in public-site.ts. The page's markup is complete without it; a behaviour
 * makes it nicer.
 */
export interface Behaviour {
  /** The elements the behaviour serves, by the names in markup.ts: `[${Data.swatch}],[${Data.darkToggle}]`. */
  selector: string
  /**
   * Runs once while the page is parsed, with every element matching `selector` (in document order); not at all
   * on a page without one. The place for listeners of the behaviour's own elements or of the window.
   */
  start?(elements: HTMLElement[]): void
  /**
   * A click on one of the elements or inside it. The document's one click listener gives each click to the
   * innermost element that any behaviour's `selector` matches, and to the first behaviour it matches.
   */
  click?(element: HTMLElement, event: MouseEvent): void
  /** One of the elements, a form, is being submitted. */
  submit?(form: HTMLFormElement, event: SubmitEvent): void
}

/** Starts each behaviour whose elements are on the page, and handles clicks and submits once, on the document. */
export function startBehaviours(behaviours: readonly Behaviour[]) {
  const clickers = behaviours.filter((behaviour) => behaviour.click)
  const clickable = clickers.map((behaviour) => behaviour.selector).join(',')
  document.addEventListener('click', (event) => {
    const control = (event.target as Element).closest<HTMLElement>(clickable)
    if (!control) return
    clickers.find((behaviour) => control.matches(behaviour.selector))!.click!(control, event)
  })

  const submitters = behaviours.filter((behaviour) => behaviour.submit)
  document.addEventListener('submit', (event) => {
    const form = event.target as HTMLFormElement
    submitters.find((behaviour) => form.matches(behaviour.selector))?.submit!(form, event)
  })

  for (const behaviour of behaviours) {
    if (!behaviour.start) continue
    const elements = [...document.querySelectorAll<HTMLElement>(behaviour.selector)]
    if (elements.length > 0) behaviour.start(elements)
  }
}
