import publicStyles from '#app/styles/public.css?url'

/**
 * The public site's whole stylesheet, linked right after a page's first band (issue 30): the first screen paints
 * from the rules written into the head (public-first.css); what follows this link is parsed once these styles are
 * in, so nothing is ever shown unstyled. The public layout puts a `fallback` one at the top of the main content,
 * for pages without such a band; inlineStylesheets keeps one link per page: the first band's, else the fallback.
 */
export function RestOfStyles({ fallback = false }: { fallback?: boolean }) {
  return <link rel="stylesheet" href={publicStyles} data-rest-of-styles={fallback ? 'fallback' : ''} />
}
