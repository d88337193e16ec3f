import { redirect } from 'react-router'

import type { Route } from './+types/logout.ts'
import { callAuthApi } from '#app/auth/admin-auth.server.ts'

export function loader() {
  return redirect('/admin/login')
}

export async function action({ request, context }: Route.ActionArgs) {
  const { cookies } = await callAuthApi({ request, context, path: '/api/auth/sign-out', body: {} })
  return redirect('/admin/login', { headers: cookies })
}
