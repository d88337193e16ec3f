import { useRef, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'

/**
 * The tab last chosen on a screen, by its history entry: the form is made anew for each item edited, and a
 * translator goes from item to item in one language. Written only in the browser (a choice is a click).
 */
const chosenTabs = new Map<string, string>()

/** The tab a failed save shows: the first field in error's (the main language's fields come first). */
function tabOfFirstError(errors: Record<string, string>, others: readonly string[]) {
  const keys = Object.keys(errors)
  if (keys.length === 0) return null
  const translated = keys.map((key) => key.match(/^translations\.([^.]+)/)?.[1])
  if (translated.some((language) => language === undefined)) return 'main'
  return others.find((language) => translated.includes(language)) ?? null
}

/**
 * The language tab shown (`main`, or another language's code): the one asked for in the address (`?lang=ml`) or
 * last chosen on this screen, and after a refused save the tab of the first field in error. `typed` is the main
 * text as the form held it when another tab was chosen (what was typed on the main tab since), read from the form
 * around `panels`.
 */
export function useLanguageTab(others: readonly string[], errors: Record<string, string>) {
  const [searchParams] = useSearchParams()
  const asked = searchParams.get('lang')
  const location = useLocation()
  const [tab, setTab] = useState(() => {
    const wanted = chosenTabs.get(location.key) ?? asked
    return wanted && others.includes(wanted) ? wanted : 'main'
  })
  const panels = useRef<HTMLDivElement>(null)
  const [typed, setTyped] = useState<Record<string, string> | null>(null)
  // A refused save opens the tab of the first field in error, before focus moves to that field.
  const [shownErrors, setShownErrors] = useState(errors)
  if (errors !== shownErrors) {
    setShownErrors(errors)
    const failed = tabOfFirstError(errors, others)
    if (failed && failed !== tab) setTab(failed)
  }

  function choose(value: string) {
    const form = panels.current?.closest('form')
    if (form && value !== 'main') {
      const now: Record<string, string> = {}
      for (const [name, text] of new FormData(form)) if (typeof text === 'string') now[name] = text
      setTyped(now)
    }
    chosenTabs.set(location.key, value)
    setTab(value)
  }

  return { tab, choose, panels, typed }
}
