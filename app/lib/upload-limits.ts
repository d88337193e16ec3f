// What uploads may be, said once for the server (the authority) and the admin's image field (which checks first
// to spare a long wait, and shrinks large photos before sending them).

/** The largest file the server accepts: phone photos of 12–25 MB, from browsers that cannot shrink them first. */
export const UPLOAD_MAX_BYTES = 30 * 1024 * 1024
export const UPLOAD_MAX_MEGABYTES = UPLOAD_MAX_BYTES / 1024 / 1024

/** The longest side a photo is shrunk to in the browser before upload (the site shows at most 1,600 px). */
export const SHRINK_MAX_SIDE = 3000

export const TOO_LARGE_MESSAGE = `The file is too large: images can be up to ${UPLOAD_MAX_MEGABYTES} MB`

/**
 * HEIC, the iPhone's own photo format, when neither the browser nor the server can read it: what to do instead.
 * (iPhones send JPEG by themselves when a photo is chosen straight from the phone; a .heic file comes from a
 * computer the photos were copied to.)
 */
export const HEIC_MESSAGE =
  'This photo is in HEIC, the iPhone’s own format, which this site cannot read. Share it from the phone as a JPEG instead (in Photos: Share, then Options, then “Most Compatible”), or save it as JPEG on the computer, and upload that.'

/** Is this file name or type HEIC/HEIF (not AVIF, which is read everywhere)? */
export function looksLikeHeic(file: { name: string; type: string }) {
  return /^image\/hei[cf](-sequence)?$/i.test(file.type) || /\.hei[cf]$/i.test(file.name)
}

/** Sermon audio: an hour and a half at 256 kbit/s, or three hours at 128 (issue 27). */
export const AUDIO_MAX_BYTES = 200 * 1024 * 1024
export const AUDIO_MAX_MEGABYTES = AUDIO_MAX_BYTES / 1024 / 1024

export const AUDIO_TOO_LARGE_MESSAGE = `The file is too large: sermon audio can be up to ${AUDIO_MAX_MEGABYTES} MB`

/** What a file that is neither a picture nor audio the site can play is told. */
export const NOT_MEDIA_MESSAGE =
  'This file is neither a picture nor sermon audio. Pictures can be JPEG, PNG, WebP, GIF, AVIF or TIFF; audio can be MP3 or M4A (AAC).'

/** What audio in another format is told (WAV, FLAC, Ogg, WMA, a video…). */
export const AUDIO_FORMAT_MESSAGE =
  'Only MP3 and M4A (AAC) audio can be uploaded. Export or convert the recording to MP3 (128 kbit/s is plenty for speech) and upload that.'

/** The file types the audio field offers in the browser's file picker. */
export const AUDIO_ACCEPT = 'audio/mpeg,audio/mp3,audio/mp4,audio/x-m4a,audio/aac,.mp3,.m4a,.aac'

/**
 * Whether a file's first bytes look like a sound file: an ID3 tag, an MPEG audio frame's sync word (MP3 or AAC's
 * ADTS), an ISO media file's `ftyp` box (M4A) — or WAV, FLAC, Ogg or AIFF, which are then refused in words that say
 * to convert them. Only a first guess, to apply the right size limit while the file streams in; the server reads
 * the whole file before it keeps it.
 */
export function looksLikeAudio(head: Uint8Array) {
  if (head.length < 4) return false
  const magic = String.fromCharCode(...head.subarray(0, 4))
  if (magic === 'fLaC' || magic === 'OggS' || ((magic === 'RIFF' || magic === 'FORM') && head.length >= 12)) {
    return magic !== 'RIFF' || String.fromCharCode(...head.subarray(8, 12)) === 'WAVE'
  }
  // ID3 tag
  if (head[0] === 0x49 && head[1] === 0x44 && head[2] === 0x33) return true
  if (head[0] === 0xff && (head[1] & 0xe0) === 0xe0) return true
  if (head.length < 12 || String.fromCharCode(...head.subarray(4, 8)) !== 'ftyp') return false
  // HEIC and AVIF photos are ISO media files too: told apart by their brand.
  return !IMAGE_BRANDS.has(String.fromCharCode(...head.subarray(8, 12)))
}

const IMAGE_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis'])
