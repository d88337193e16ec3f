import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes'

export default [
  // Made for search engines and share previews from the content (app/server/public-site.server.ts).
  route('robots.txt', 'routes/resources/robots.ts'),
  route('sitemap.xml', 'routes/resources/sitemap.ts'),
  route('manifest.webmanifest', 'routes/resources/manifest.ts'),
  route('og/*', 'routes/resources/share-image.ts'),
  route('icons/:name', 'routes/resources/app-icon.ts'),
  // The events as iCalendar: the feed people subscribe to, and one event's file ("Add to calendar").
  route('calendar.ics', 'routes/resources/calendar.ts'),
  route('events/:id/calendar.ics', 'routes/resources/event-calendar.ts'),
  layout('routes/public/_layout.tsx', [
    index('routes/public/home.tsx'),
    route('about', 'routes/public/about.tsx'),
    route('services', 'routes/public/services.tsx'),
    route('events', 'routes/public/events.tsx'),
    route('events/:id', 'routes/public/event.tsx'),
    route('ministries', 'routes/public/ministries.tsx'),
    route('gallery', 'routes/public/gallery.tsx'),
    route('contact', 'routes/public/contact.tsx'),
    route('privacy-policy', 'routes/public/privacy-policy.tsx'),
    // Unknown addresses answer 404 with the error page inside the site's header and footer.
    route('*', 'routes/public/not-found.tsx'),
  ]),
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
      route('church-info', 'routes/admin/church-info.tsx'),
      route('about', 'routes/admin/about.tsx'),
      route('leadership', 'routes/admin/leadership.tsx'),
      route('getting-here', 'routes/admin/getting-here.tsx'),
      route('services', 'routes/admin/services.tsx'),
      route('events', 'routes/admin/events.tsx'),
      route('ministries', 'routes/admin/ministries.tsx'),
      route('gallery', 'routes/admin/gallery.tsx'),
      route('carousel', 'routes/admin/carousel.tsx'),
      route('messages', 'routes/admin/messages.tsx'),
      route('messages/export', 'routes/admin/messages-export.ts'),
      route('settings', 'routes/admin/settings.tsx'),
      route('staff', 'routes/admin/staff.tsx'),
      route('activity', 'routes/admin/activity.tsx'),
      route('account', 'routes/admin/account.tsx'),
    ]),
  ]),
  ...prefix('api', [
    route('auth/*', 'routes/api/auth.ts'),
    route('uploads', 'routes/api/uploads.ts'),
    route('contact_messages', 'routes/api/contact-messages.ts'),
    route('contact_messages/:id', 'routes/api/contact-messages.$id.ts'),
    route(':table/reorder', 'routes/api/table.reorder.ts'),
    route(':table', 'routes/api/table.ts'),
    route(':table/:id', 'routes/api/table.$id.ts'),
    route('*', 'routes/api/not-found.ts'),
  ]),
] satisfies RouteConfig
