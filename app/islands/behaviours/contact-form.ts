/**
 * The contact form (and an event's registration form, which shares its markup), sent in the background: the button says Sending..., and the form of the server's answer (the
 * page the post returns) takes the form's place, its message box focused and repeated in a toast. When no answer
 * comes, a red box says so above the fields and nothing typed is lost. Without the script the form posts as usual.
 */
import type { Behaviour } from '../behaviour.ts'
import { Data } from '../markup.ts'
import { showToast } from './toast.ts'

export const PROBLEM_CLASSES =
  'flex items-start gap-3 rounded-xl border border-red-600/30 bg-red-50 p-4 font-medium text-red-800 dark:bg-red-950/50 dark:text-red-100'

async function send(form: HTMLFormElement) {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  const label = button?.querySelector(`[${Data.submitLabel}]`)
  if (button?.disabled) return
  if (button) button.disabled = true
  // The button's own words come back after a failure ('Send Message', or an event's 'Register').
  const idle = label?.textContent ?? ''
  if (label) label.textContent = form.getAttribute(Data.sendingLabel) ?? idle
  try {
    const response = await fetch(form.action, {
      method: 'POST',
      body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
      headers: { Accept: 'text/html' },
    })
    const page = new DOMParser().parseFromString(await response.text(), 'text/html')
    const answer = page.querySelector<HTMLFormElement>(`form[${Data.contactForm}]`)
    if (!answer) throw new Error(`no form in the answer (${response.status})`)
    form.replaceWith(answer)
    const box = answer.querySelector<HTMLElement>('[role="status"],[role="alert"]')
    box?.focus()
    if (box) showToast(box.getAttribute('role') === 'status' ? 'success' : 'error', box.textContent ?? '')
  } catch {
    showProblem(form, form.getAttribute(navigator.onLine ? Data.failedText : Data.offlineText) ?? '')
    if (button) button.disabled = false
    if (label) label.textContent = idle
  }
}

/** The red box above the fields, keeping what the visitor typed. */
function showProblem(form: HTMLFormElement, message: string) {
  form.querySelector(`[${Data.formStatus}]`)?.remove()
  const box = document.createElement('div')
  box.setAttribute(Data.formStatus, '')
  box.setAttribute('role', 'alert')
  box.tabIndex = -1
  box.className = PROBLEM_CLASSES
  box.textContent = message
  form.prepend(box)
  box.focus()
  showToast('error', message)
}

export const contactForm: Behaviour = {
  selector: `form[${Data.contactForm}]`,
  submit(form, event) {
    event.preventDefault()
    void send(form)
  },
}
