/** A YouTube channel's ID: `UC` and 22 more letters, digits, `-` or `_`. */
const CHANNEL_ID = /^UC[\w-]{22}$/

const YOUTUBE_HOSTS = /^(?:www\.|m\.)?youtube\.com$/i

export const CHANNEL_ID_HOW_TO =
  'On YouTube, open the channel, choose “more about this channel”, then “Share channel” and “Copy channel ID”, and paste that ID here (it starts with UC).'

/**
 * What staff pasted as the church's YouTube channel, read: its channel ID, or in words why it cannot be used.
 * An address with `/channel/UC…` or the ID itself are read; a handle (`@name`) or an old `/user/` or `/c/`
 * address can only be turned into an ID by asking YouTube, which the import never does (no API key), so it says
 * how to find the ID instead.
 */
export function readYoutubeChannel(text: string): { channelId: string } | { problem: string } {
  const value = text.trim()
  if (CHANNEL_ID.test(value)) return { channelId: value }
  const handle = (name: string) => ({
    problem: `“${name}” is the channel’s name, not its ID, and the website cannot look names up on YouTube. ${CHANNEL_ID_HOW_TO}`,
  })
  if (/^@[\w.-]+$/.test(value)) return handle(value)
  let url: URL
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`)
  } catch {
    return { problem: notAChannel }
  }
  if (!/^https?:$/.test(url.protocol) || !YOUTUBE_HOSTS.test(url.hostname)) return { problem: notAChannel }
  const [first, second] = url.pathname.split('/').filter(Boolean)
  if (first === 'channel' && second && CHANNEL_ID.test(second)) return { channelId: second }
  if (first?.startsWith('@')) return handle(decodeURIComponent(first))
  if ((first === 'user' || first === 'c') && second) return handle(decodeURIComponent(second))
  return { problem: notAChannel }
}

const notAChannel =
  'Paste the channel’s address (https://www.youtube.com/channel/UC…) or its channel ID (UC followed by 22 letters and digits).'

/** The address of a video on YouTube, as a sermon's `video_url`. */
export function youtubeVideoUrl(videoId: string) {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`
}
