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
  const parts: Uint8Array[] = []
  for (let start = 0; start < total; start += FRAME)
    parts.push(encoder.encodeBuffer(samples.subarray(start, start + FRAME)))
  parts.push(encoder.flush())
  return Buffer.concat(parts)
}
