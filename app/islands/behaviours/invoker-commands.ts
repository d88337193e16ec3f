/**
 * Invoker commands (`command="show-modal" commandfor="mobile-menu"`) for browsers without them (before 2025):
 * with them the browser opens and closes the dialog by itself and this does nothing.
 */
import type { Behaviour } from '../behaviour.ts'

export const invokerCommands: Behaviour = {
  selector: '[commandfor]',
  click(button) {
    if ('command' in HTMLButtonElement.prototype) return
    const dialog = document.getElementById(button.getAttribute('commandfor') ?? '')
    if (!(dialog instanceof HTMLDialogElement)) return
    if (button.getAttribute('command') === 'show-modal') dialog.showModal()
    else dialog.close()
  },
}
