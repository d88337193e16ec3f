import { RichText } from '#app/components/site/rich-text.tsx'
import { SiteImage } from '#app/components/site/site-image.tsx'
import { usePageLanguage } from '#app/components/site/use-church.ts'
import type { ImageSource } from '#app/lib/images.ts'

export interface LeaderCardData {
  id: string
  name: string
  role: string
  bio: string | null
  image_url: string | null
  image_alt: string | null
  image: ImageSource
  /** Fields shown in the main language on a page in another (issue 28). */
  untranslated?: string[]
}

/** Sized for a centred wrapping row (`flex flex-wrap justify-center gap-8`), so a short last row stays centred. */
export function LeaderCard({ leader }: { leader: LeaderCardData }) {
  const { langOf } = usePageLanguage()
  return (
    <article className="flex w-full flex-col items-center rounded-2xl border border-border bg-card px-6 pt-8 pb-7 text-center shadow-sm sm:w-[calc((100%-2rem)/2)] lg:w-[calc((100%-4rem)/3)]">
      <div className="rounded-full bg-gradient-to-br from-primary to-secondary p-1 shadow-md">
        <SiteImage
          image={leader.image}
          // The description is of the photo uploaded: the stand-in picture is named by the person.
          alt={(leader.image_url && leader.image_alt) || leader.name}
          sizes="160px"
          className="size-32 rounded-full border-4 border-card object-cover sm:size-36"
        />
      </div>
      <h3 className="mt-5 font-serif text-xl font-bold" lang={langOf(leader, 'name')}>
        {leader.name}
      </h3>
      <p
        className="mt-1 text-sm font-semibold tracking-wide text-primary-text uppercase"
        lang={langOf(leader, 'role')}
      >
        {leader.role}
      </p>
      <RichText
        html={leader.bio}
        lang={langOf(leader, 'bio')}
        className="mt-4 text-[15px] leading-relaxed text-muted-foreground"
      />
    </article>
  )
}
