import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes'

import { API_ROUTES, FEED_ROUTES, PAGE_ROUTES, SCREEN_ROUTES } from './content/registry.ts'

// The content's pages, screens and feeds come from its declarations (app/content/registry.ts); the routes written
// here are the site's own.
export default [
  // Made for search engines and share previews from the content (app/server/public-site.server.ts).
  route('robots.txt', 'routes/resources/robots.ts'),
  route('sitemap.xml', 'routes/resources/sitemap.ts'),
  route('manifest.webmanifest', 'routes/resources/manifest.ts'),
  // A page's share image (`/og/services.jpg`) or a record's (`/og/events/<id>.jpg`), and in another language
  // (`/og/ml/services.jpg`, `/og/ml/events/<id>.jpg`): named segment by segment, so they outrank a language's
  // page of the same shape (`/:lang/events/:id`).
  route('og/:image', 'routes/resources/share-image.ts', { id: 'share-image' }),
  route('og/:kind/:image', 'routes/resources/share-image.ts', { id: 'record-share-image' }),
  route('og/:lang/:kind/:image', 'routes/resources/share-image.ts', { id: 'language-record-share-image' }),
  route('icons/:name', 'routes/resources/app-icon.ts'),
  ...FEED_ROUTES.map((feed) => route(feed.path, feed.file)),
  ...prefix('admin', [
    index('routes/admin/index.ts'),
    route('login', 'routes/admin/login.tsx'),
    route('login/two-step', 'routes/admin/login-two-step.tsx'),
    route('logout', 'routes/admin/logout.ts'),
    // One-time links where a person chooses a password (app/auth/password-links.server.ts).
    route('invitation', 'routes/admin/invitation.tsx'),
    route('reset-password', 'routes/admin/reset-password.tsx'),
    route('forgot-password', 'routes/admin/forgot-password.tsx'),
    // A new sign-in address's confirmation link: it works whether or not its owner is signed in.
    route('account/email', 'routes/admin/account-email.tsx'),
    layout('routes/admin/_layout.tsx', [
      route('dashboard', 'routes/admin/dashboard.tsx'),
      ...SCREEN_ROUTES.map((screen) => route(screen.path, screen.file, screen.id ? { id: screen.id } : {})),
      route('settings', 'routes/admin/settings.tsx'),
      route('staff', 'routes/admin/staff.tsx'),
      route('activity', 'routes/admin/activity.tsx'),
      route('account', 'routes/admin/account.tsx'),
    ]),
  ]),
  ...prefix('api', [
    route('auth/*', 'routes/api/auth.ts'),
    route('uploads', 'routes/api/uploads.ts'),
    route('uploads/tus/*', 'routes/api/uploads.tus.ts'),
    ...API_ROUTES.map((api) => route(api.path, api.file)),
    route(':table/reorder', 'routes/api/table.reorder.ts'),
    route(':table', 'routes/api/table.ts'),
    route(':table/:id', 'routes/api/table.$id.ts'),
    route('*', 'routes/api/not-found.ts'),
  ]),
  // The feeds served in each other language (`/ml/calendar.ics`): after the API's routes, which win where an
  // address could be either (`/api/calendar.ics`), and before the pages', which they outrank.
  ...FEED_ROUTES.filter((feed) => feed.inEachLanguage).map((feed) =>
    route(`:lang/${feed.path}`, feed.file, { id: `${feed.file.replace(/\.tsx?$/, '')}.in-language` }),
  ),
  // The public pages, in the site's main language at their own addresses and in each other language under its
  // prefix (`/ml/events`): the layout's middleware tells a language from a path that is no page (issue 28).
  // Last: where an address could be a language's page or another route (`/api/services`, `/icons/x`), the route
  // written first wins.
  route(':lang?', 'routes/public/_layout.tsx', [
    ...PAGE_ROUTES.map((page) => (page.path === '' ? index(page.file) : route(page.path, page.file))),
    // Unknown addresses answer 404 with the error page inside the site's header and footer.
    route('*', 'routes/public/not-found.tsx'),
  ]),
] satisfies RouteConfig
