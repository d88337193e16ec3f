export function PageHeader({
  title,
  description,
  children,
}: {
  title: string
  description?: string
  children?: React.ReactNode
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4 sm:mb-8">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-gray-950 sm:text-3xl">{title}</h1>
        {description ? <p className="mt-1 text-sm text-gray-600 sm:text-base">{description}</p> : null}
      </div>
      {children}
    </div>
  )
}
