import type { Route } from './+types/home.ts'
import { servicesContext } from '#app/context.ts'
import { getChurchInfo } from '#app/models/church-info.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext)
  return { churchInfo: await getChurchInfo({ db }) }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.churchInfo?.name ?? 'Welcome' }]
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { churchInfo } = loaderData
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-4xl font-bold text-primary">{churchInfo?.name ?? 'Our Church'}</h1>
      <h2 className="mt-8 text-2xl font-semibold">Welcome to Our Church</h2>
      {churchInfo?.description ? (
        <div className="prose mt-4" dangerouslySetInnerHTML={{ __html: churchInfo.description }} />
      ) : null}
    </main>
  )
}
