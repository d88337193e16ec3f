import { useEffect, useState } from 'react'
import type { DetailedError, Upload } from 'tus-js-client'

import { formatBytes } from './upload-parts.tsx'
import { useRunningUpload } from './use-running-upload.ts'
import { AUDIO_FORMAT_MESSAGE, AUDIO_MAX_BYTES, AUDIO_TOO_LARGE_MESSAGE } from '#app/lib/upload-limits.ts'

const RESUMABLE_URL = '/api/uploads/tus'
/**
 * Each request carries at most this much: a dropped connection loses at most one piece, and a proxy in front
 * (nginx's `client_max_body_size`) need not allow 200 MB bodies.
 */
const CHUNK_BYTES = 8 * 1024 * 1024
/** Tries again at once, then after 1, 3, 5 and 10 s; after that staff are asked (a Resume button). */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000]

export type AudioUploadState =
  | { status: 'idle'; message?: string }
  | { status: 'uploading'; percent: number; bytes: number; retrying?: boolean }
  | { status: 'paused'; percent: number; bytes: number; message: string }
  | { status: 'error'; message: string }

interface AudioAnswer {
  secure_url: string
  bytes: number
  duration_seconds: number
}

/** An upload's length to the second: 2,102 s → "35 min 2 s", 13,137 s → "3 h 38 min 57 s". */
function formatLength(seconds: number) {
  const hours = Math.floor(seconds / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  const rest = `${minutes} min ${seconds % 60} s`
  if (hours > 0) return `${hours} h ${rest}`
  return minutes > 0 ? rest : `${seconds} s`
}

/** A file the picker offers may still be another kind of sound or none: a first check, the server decides. */
function looksLikeSermonAudio(file: File) {
  return /^audio\/(mpeg|mp3|mp4|x-m4a|m4a|aac|x-aac)$/i.test(file.type) || /\.(mp3|m4a|aac)$/i.test(file.name)
}

/** The server's words for a refused upload, from its JSON error body; null for a network failure. */
function serverMessage(error: Error | DetailedError) {
  const response = 'originalResponse' in error ? error.originalResponse : null
  if (!response) return null
  const status = response.getStatus()
  if (status === 401) return 'Your session has ended. Sign in again, then upload the audio.'
  try {
    const body = JSON.parse(response.getBody()) as { error?: { message?: string } }
    if (body.error?.message) return body.error.message
  } catch {
    // Not our JSON (a proxy's page): the status says enough.
  }
  return `The audio could not be uploaded (error ${status}).`
}

/** What an upload tells the field as it goes; called only while it is the field's current upload. */
interface UploadEvents {
  progress: (percent: number, total: number) => void
  retrying: (attempt: number) => void
  /** The server said no: asking again will not change that. */
  refused: (message: string) => void
  /** The connection is lost and the retries gave up. */
  lost: () => void
  /** The server's answer, or null when it could not be read. */
  done: (answer: AudioAnswer | null) => void
}

/** The tus upload's options for `file`: its pieces, retries, resuming, and its events turned into the field's. */
function uploadOptions(file: File, isCurrent: () => boolean, on: UploadEvents): Upload['options'] {
  return {
    endpoint: RESUMABLE_URL,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    metadata: { filename: file.name, filetype: file.type },
    // The same file chosen again, after a reload or on another day, carries on where it stopped.
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onProgress(sent, total) {
      if (isCurrent()) on.progress(Math.floor((sent / total) * 100), total)
    },
    onShouldRetry(error, attempt) {
      const status = error.originalResponse?.getStatus() ?? 0
      // A refusal (not audio, too large, signed out) will not change by asking again; a lost connection may.
      const retry = status === 0 || status === 409 || status === 423 || status >= 500
      if (retry && isCurrent()) on.retrying(attempt)
      return retry
    },
    onError(error) {
      if (!isCurrent()) return
      const message = serverMessage(error)
      if (message) on.refused(message)
      else on.lost()
    },
    onSuccess({ lastResponse }) {
      if (!isCurrent()) return
      let answer: AudioAnswer | null = null
      try {
        answer = JSON.parse(lastResponse.getBody()) as AudioAnswer
      } catch {
        answer = null
      }
      on.done(answer)
    },
  }
}

/**
 * The audio field's upload: the address it holds, where the upload stands, and what a screen reader hears of it
 * (set at each tenth of the way, not at every percent). Stopped when the field leaves the page, so it can be
 * resumed from this browser later; resumed by itself when the browser is back online.
 */
export function useAudioUpload(defaultValue: string) {
  const [url, setUrl] = useState(defaultValue)
  const [state, setState] = useState<AudioUploadState>({ status: 'idle' })
  const [announcement, setAnnouncement] = useState('')
  // Left running at unmount, it would go on sending; stopped, it can be resumed from this browser later.
  const { mounted, running: upload } = useRunningUpload<Upload>()

  // Back online after the retries gave up: carry on without waiting for a click.
  useEffect(() => {
    if (state.status !== 'paused') return
    const resume = () => resumeUpload()
    window.addEventListener('online', resume)
    return () => window.removeEventListener('online', resume)
  })

  function resumeUpload() {
    if (!upload.current || state.status !== 'paused') return
    setState({ status: 'uploading', percent: state.percent, bytes: state.bytes })
    setAnnouncement(`Resuming the upload at ${state.percent}%.`)
    upload.current.start()
  }

  async function choose(file: File) {
    if (!looksLikeSermonAudio(file)) {
      setState({ status: 'error', message: AUDIO_FORMAT_MESSAGE })
      return
    }
    if (file.size > AUDIO_MAX_BYTES) {
      setState({ status: 'error', message: AUDIO_TOO_LARGE_MESSAGE })
      return
    }
    // Loaded when staff choose a file: the rest of the admin never needs it.
    const tus = await import('tus-js-client')
    if (!mounted.current) return
    void upload.current?.abort()
    let lastTenth = -1
    const current: Upload = new tus.Upload(
      file,
      uploadOptions(file, () => mounted.current && upload.current === current, {
        progress(percent, total) {
          setState({ status: 'uploading', percent, bytes: total })
          const tenth = Math.floor(percent / 10)
          if (tenth !== lastTenth) {
            lastTenth = tenth
            setAnnouncement(`Uploading the audio: ${percent}%.`)
          }
        },
        retrying(attempt) {
          setState((previous) =>
            previous.status === 'uploading' ? { ...previous, retrying: true } : previous,
          )
          if (attempt === 0) setAnnouncement('The connection was lost. Trying again…')
        },
        refused(message) {
          upload.current = null
          setState({ status: 'error', message })
        },
        lost() {
          setState((previous) => {
            const percent = previous.status === 'uploading' ? previous.percent : 0
            return {
              status: 'paused',
              percent,
              bytes: file.size,
              message: `The upload stopped at ${percent}%: the connection was lost. It carries on from there when you press Resume, or by itself once you are back online.`,
            }
          })
        },
        done(answer) {
          upload.current = null
          if (!answer?.secure_url) {
            setState({
              status: 'error',
              message: 'The audio was sent but the server’s answer could not be read. Try again.',
            })
            return
          }
          setUrl(answer.secure_url)
          const done = `Audio uploaded: ${formatLength(answer.duration_seconds)}, ${formatBytes(answer.bytes)}.`
          setState({ status: 'idle', message: done })
          setAnnouncement(done)
        },
      }),
    )
    upload.current = current
    setState({ status: 'uploading', percent: 0, bytes: file.size })
    setAnnouncement('Uploading the audio: 0%.')
    const previous = await current.findPreviousUploads()
    if (previous[0]) current.resumeFromPreviousUpload(previous[0])
    current.start()
  }

  function remove() {
    setUrl('')
    setState({ status: 'idle', message: 'Audio removed.' })
    setAnnouncement('Audio removed.')
  }

  return { url, setUrl, state, announcement, choose, resumeUpload, remove }
}
