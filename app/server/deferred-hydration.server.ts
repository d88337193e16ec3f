/**
 * Public pages arrive whole from the server and work as plain HTML (links, the contact form); React only adds
 * the extras (menu, theme picker, carousel, lightbox). So their scripts wait until the page has loaded, and
 * the hero picture, the styles and the text get a phone's thin connection to themselves first:
 *
 * - the `<link rel="modulepreload">` tags go (the browser would fetch every script at once, high priority);
 * - React Router's bootstrap module script becomes inert (`type="lampstand/deferred"`);
 * - a small inline script turns it back into a module script after the `load` event and the next frame, or as
 *   soon as the visitor touches, clicks or types, whichever comes first (a button's click is replayed once
 *   React is ready).
 *
 * The bootstrap script's text is unchanged, so a CSP hash of it (the page cache's) still allows it, and so does
 * the request's nonce, copied onto the new element.
 */
export const DEFERRED_SCRIPT_TYPE = 'lampstand/deferred'

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g
const BOOTSTRAP_SCRIPT = /<script((?:\s+nonce="[^"]*")?) type="module" async="">/

/**
 * The inline script that starts hydration later. A button pressed before then would do nothing; its click is
 * held back from the page and given again once React has hydrated (`data-hydrated` on <html>, set by the root
 * layout). Submit buttons are left alone: their forms work without JavaScript.
 */
export const HYDRATE_LATER_SCRIPT = [
  '(function(){',
  'var root=document.documentElement,started=false,pending=null;',
  'function hydrate(){if(started)return;started=true;',
  `var deferred=document.querySelector('script[type="${DEFERRED_SCRIPT_TYPE}"]');if(!deferred)return;`,
  "var script=document.createElement('script');script.type='module';script.setAttribute('async','');",
  'script.nonce=deferred.nonce;script.textContent=deferred.textContent;deferred.replaceWith(script)}',
  'function soon(){requestAnimationFrame(function(){setTimeout(hydrate,0)});setTimeout(hydrate,500)}',
  "if(document.readyState==='complete')soon();else addEventListener('load',soon,{once:true});",
  "['pointerdown','keydown','touchstart'].forEach(function(type){",
  'addEventListener(type,hydrate,{once:true,passive:true,capture:true})});',
  "addEventListener('click',function(event){if(root.dataset.hydrated)return;",
  "var button=event.target.closest&&event.target.closest('button');",
  "if(!button||(button.type==='submit'&&button.form))return;",
  'event.stopPropagation();pending=button;hydrate()},true);',
  'new MutationObserver(function(_,observer){if(!root.dataset.hydrated)return;observer.disconnect();',
  'if(pending&&pending.isConnected)pending.click();pending=null})',
  ".observe(root,{attributes:true,attributeFilter:['data-hydrated']})",
  '})()',
].join('')

/** The document with its scripts deferred as above; unchanged when it has no React Router bootstrap script. */
export function deferHydration(html: string, nonce: string) {
  const match = BOOTSTRAP_SCRIPT.exec(html)
  if (!match) return html
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : ''
  const start = match.index
  const end = html.indexOf('</script>', start) + '</script>'.length
  const bootstrap = html
    .slice(start, end)
    .replace(BOOTSTRAP_SCRIPT, `<script$1 type="${DEFERRED_SCRIPT_TYPE}">`)
  const loader = `<script${nonceAttribute}>${HYDRATE_LATER_SCRIPT}</script>`
  return (html.slice(0, start) + bootstrap + loader + html.slice(end)).replace(MODULE_PRELOAD, '')
}
