/**
 * The mobile menu is a <dialog> the browser opens by itself (invoker commands, invoker-commands.ts for older
 * browsers); this adds what the platform cannot: closing it when the window widens past the `md` width (a tablet
 * turned) and when the page is left, so a page kept for the back button comes back without it open.
 */
import type { Behaviour } from '../behaviour.ts'
import { DialogId } from '../markup.ts'

export const menu: Behaviour = {
  selector: `#${DialogId.menu}`,
  start([dialog]) {
    const close = () => (dialog as HTMLDialogElement).close()
    matchMedia('(min-width: 48rem)').addEventListener('change', (event) => {
      if (event.matches) close()
    })
    addEventListener('pagehide', close)
  },
}
