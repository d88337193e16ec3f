import { Mp3Encoder } from '@breezystack/lamejs'

const SAMPLE_RATE = 22_050
const KBPS = 48
/** lamejs encodes 1152 samples a frame (MPEG-1 Layer III); feeding it whole frames keeps its buffers small. */
const FRAME = 1152

/**
 * A soft tone as an MP3, made here (a pure-JavaScript encoder, nothing downloaded): the demo sermons' audio, so
 * the archive's players and the podcast feed have real files with a real length. A few seconds of one note,
 * faded in and out, quiet enough not to startle anyone.
 */
export function makeToneMp3({ seconds, frequency }: { seconds: number; frequency: number }) {
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, KBPS)
  const total = Math.round(seconds * SAMPLE_RATE)
  const fade = Math.round(0.5 * SAMPLE_RATE)
  const samples = new Int16Array(total)
  for (let i = 0; i < total; i++) {
    const envelope = Math.min(1, i / fade, (total - i) / fade)
    // The note and a softer octave above it: rounder than a bare sine.
    const wave =
      Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE) +
      0.3 * Math.sin((4 * Math.PI * frequency * i) / SAMPLE_RATE)
    samples[i] = Math.round(wave * envelope * 2500)
  }
  // lamejs hands back Int8Arrays (its type says Uint8Array): viewed as bytes, not copied.
  const parts: Buffer[] = []
  const bytes = (part: ArrayBufferView) => Buffer.from(part.buffer, part.byteOffset, part.byteLength)
  for (let start = 0; start < total; start += FRAME)
    parts.push(bytes(encoder.encodeBuffer(samples.subarray(start, start + FRAME))))
  parts.push(bytes(encoder.flush()))
  return Buffer.concat(parts)
}

/**
 * The MP3 with an ID3v1 tag naming it (the last 128 bytes: "TAG", title, artist, album…): the demo sermons share
 * one tone, made once, and each gets a file of its own — its own address, as a podcast expects of an episode.
 */
export function withTitle(mp3: Buffer, title: string) {
  const tag = Buffer.alloc(128)
  tag.write('TAG', 0, 'latin1')
  tag.write(
    title
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .slice(0, 30),
    3,
    'latin1',
  )
  // Genre 255: none.
  tag[127] = 255
  return Buffer.concat([mp3, tag])
}
