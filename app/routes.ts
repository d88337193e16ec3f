import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes'

export default [
  layout('routes/public/_layout.tsx', [index('routes/public/home.tsx')]),
  ...prefix('api', [
    route('auth/*', 'routes/api/auth.ts'),
    route('uploads', 'routes/api/uploads.ts'),
    route('church_info', 'routes/api/church-info.ts', { id: 'api-church-info' }),
    route('about_us', 'routes/api/about-us.ts', { id: 'api-about-us' }),
    route('contact_messages', 'routes/api/contact-messages.ts'),
    route('contact_messages/:id', 'routes/api/contact-messages.$id.ts'),
    route(':table/reorder', 'routes/api/table.reorder.ts'),
    route(':table', 'routes/api/table.ts'),
    route(':table/:id', 'routes/api/table.$id.ts'),
    route('*', 'routes/api/not-found.ts'),
  ]),
] satisfies RouteConfig
