/** The title and no-index tags of an admin page. */
export function adminMeta(title: string) {
  return [{ title: `${title} · Admin CMS` }, { name: 'robots', content: 'noindex' }]
}
