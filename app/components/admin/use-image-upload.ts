import { useRef, useState } from 'react'

import { useRunningUpload } from './use-running-upload.ts'
import { mayShrink, shrinkImage } from '#app/lib/shrink-image.ts'
import { looksLikeHeic, TOO_LARGE_MESSAGE, UPLOAD_MAX_BYTES } from '#app/lib/upload-limits.ts'

const UPLOAD_URL = '/api/uploads'

export type ImageUploadState =
  | { status: 'idle'; message?: string }
  | { status: 'shrinking' }
  | { status: 'uploading'; percent: number; bytes: number }
  | { status: 'error'; message: string }

/**
 * The image field's upload: the address it holds and where the upload stands. A photo too large is made smaller
 * in the browser first; the upload itself is one request (XMLHttpRequest, for its progress events).
 */
export function useImageUpload(defaultValue: string) {
  const [url, setUrl] = useState(defaultValue)
  const [state, setState] = useState<ImageUploadState>({ status: 'idle' })
  // A form reset (Cancel, a save) unmounts the field: an upload still running must not land anywhere.
  const { mounted, running: request } = useRunningUpload<XMLHttpRequest>()

  // Each choice of file counts: a slower earlier one (still shrinking) must not overwrite a later one.
  const attempt = useRef(0)

  async function choose(chosen: File) {
    // Browsers name a .heic file's type only where the system knows HEIC: its name says it too.
    if (!chosen.type.startsWith('image/') && !looksLikeHeic(chosen)) {
      setState({ status: 'error', message: 'Please choose an image file (for example a JPEG or PNG photo).' })
      return
    }
    const current = ++attempt.current
    let file = chosen
    if (mayShrink(chosen)) {
      setState({ status: 'shrinking' })
      file = (await shrinkImage(chosen)).file
      if (current !== attempt.current || !mounted.current) return
    }
    // The server stays the authority; checking here only spares a long wait before it says no.
    if (file.size > UPLOAD_MAX_BYTES) {
      setState({ status: 'error', message: TOO_LARGE_MESSAGE })
      return
    }
    upload(file)
  }

  function upload(file: File) {
    const xhr = new XMLHttpRequest()
    request.current = xhr
    xhr.open('POST', UPLOAD_URL)
    xhr.responseType = 'json'
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        setState({
          status: 'uploading',
          percent: Math.round((event.loaded / event.total) * 100),
          bytes: file.size,
        })
      }
    }
    xhr.onload = () => {
      request.current = null
      const body = xhr.response as { secure_url?: string; error?: { message?: string } } | null
      if (xhr.status >= 200 && xhr.status < 300 && body?.secure_url) {
        setUrl(body.secure_url)
        setState({ status: 'idle', message: 'Image uploaded.' })
      } else if (xhr.status === 401) {
        setState({
          status: 'error',
          message: 'Your session has ended. Sign in again, then upload the image.',
        })
      } else {
        setState({
          status: 'error',
          message: body?.error?.message ?? `The image could not be uploaded (error ${xhr.status}).`,
        })
      }
    }
    xhr.onerror = () => {
      request.current = null
      setState({
        status: 'error',
        message: 'The image could not be uploaded. Check the connection and try again.',
      })
    }
    const body = new FormData()
    body.append('file', file)
    setState({ status: 'uploading', percent: 0, bytes: file.size })
    xhr.send(body)
  }

  function remove() {
    setUrl('')
    setState({ status: 'idle', message: 'Image removed.' })
  }

  return { url, state, choose, remove }
}
