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
