import fs from 'node:fs/promises'
import path from 'node:path'

/** The largest transcript the page reads (a sermon's hour of captions is some 100 kB); larger ones are linked. */
export const TRANSCRIPT_MAX_BYTES = 2 * 1024 * 1024

/** Where a file uploaded to this site (`/media/…`) is on disk, or null for any other address or a way out. */
export function localMediaPath(root: string, address: string | null) {
  if (!address || !/^\/media\/[\w./-]+$/.test(address) || address.includes('..')) return null
  const file = path.resolve(root, address.slice('/media/'.length))
  return file.startsWith(path.resolve(root) + path.sep) ? file : null
}

/** The size in bytes of an uploaded file, or null when it is not one (or has gone). */
export async function localFileSize(root: string, address: string | null) {
  const file = localMediaPath(root, address)
  if (!file) return null
  const stat = await fs.stat(file).catch(() => null)
  return stat?.isFile() ? stat.size : null
}

/**
 * An uploaded WebVTT or SRT transcript as paragraphs of plain text, or null when it is not an uploaded file,
 * is missing, is larger than TRANSCRIPT_MAX_BYTES or holds no words (the page then links it instead).
 */
export async function readTranscript(root: string, address: string | null) {
  const file = localMediaPath(root, address)
  if (!file || !/\.(?:vtt|srt)$/i.test(file)) return null
  const handle = await fs.open(file, 'r').catch(() => null)
  if (!handle) return null
  try {
    const stat = await handle.stat()
    if (!stat.isFile() || stat.size > TRANSCRIPT_MAX_BYTES) return null
    const paragraphs = transcriptParagraphs(await handle.readFile('utf8'))
    return paragraphs.length > 0 ? paragraphs : null
  } finally {
    await handle.close()
  }
}

const TIMING = /^\s*(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{3})\s*-->\s*(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{3})/

/** A pause between cues this long (seconds) starts a new paragraph, and so does a new voice. */
const PARAGRAPH_PAUSE = 2
/** A paragraph this long (characters) ends at the next sentence's end. */
const PARAGRAPH_LENGTH = 600

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: ' ', quot: '"', apos: "'" }

/**
 * The words of a WebVTT or SRT file, without its header, notes, styles, cue numbers, timings or tags, in
 * paragraphs (by pauses, voices and length). Plain text: the page escapes it like any other.
 */
export function transcriptParagraphs(source: string): string[] {
  const blocks = source
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
  const paragraphs: string[] = []
  let current = ''
  let lastEnd: number | null = null
  let lastVoice: string | null = null
  let lastLine = ''
  const close = () => {
    if (current.trim()) paragraphs.push(current.trim())
    current = ''
  }
  for (const block of blocks) {
    const lines = block.split('\n')
    const timingAt = lines.findIndex((line) => line.includes('-->'))
    if (timingAt < 0) continue // WEBVTT header, NOTE, STYLE, REGION, a stray number
    const timing = TIMING.exec(lines[timingAt]!)
    const start = timing ? seconds(timing.slice(1, 5)) : null
    const end = timing ? seconds(timing.slice(5, 9)) : null
    const raw = lines.slice(timingAt + 1).join(' ')
    const voice = /<v(?:\.[\w.-]+)?\s+([^>]+)>/.exec(raw)?.[1]?.trim() ?? null
    const text = decode(raw.replace(/<[^>]*>/g, ''))
      .replace(/\s+/g, ' ')
      .trim()
    if (!text || text === lastLine) {
      // Auto captions repeat a line as it scrolls: still said, so no pause.
      if (end !== null && text) lastEnd = end
      continue
    }
    lastLine = text
    const paused = start !== null && lastEnd !== null && start - lastEnd >= PARAGRAPH_PAUSE
    const newVoice = voice !== null && lastVoice !== null && voice !== lastVoice
    const long = current.length >= PARAGRAPH_LENGTH && /[.!?…]["”’)]?$/.test(current)
    if (paused || newVoice || long) close()
    current = current ? `${current} ${text}` : text
    if (end !== null) lastEnd = end
    if (voice !== null) lastVoice = voice
  }
  close()
  return paragraphs
}

function seconds([hours, minutes, secs, millis]: Array<string | undefined>) {
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(secs) + Number(millis) / 1000
}

function decode(text: string) {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' '
    }
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}
