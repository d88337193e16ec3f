import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import {
  localFileSize,
  localMediaPath,
  readTranscript,
  TRANSCRIPT_MAX_BYTES,
  transcriptParagraphs,
} from './transcript.server.ts'

const VTT = `WEBVTT
Kind: captions

NOTE made by hand

STYLE
::cue { color: yellow }

intro
00:00:01.000 --> 00:00:04.000 align:start
<v Pastor Ruth>Good morning, <b>church</b> &amp; friends.

00:00:04.000 --> 00:00:06.500
<v Pastor Ruth>Good morning, <b>church</b> &amp; friends.

00:00:06.500 --> 00:00:09.000
<v Pastor Ruth><00:00:07.000><c>Turn with me</c> to John 3.

00:00:15.000 --> 00:00:18.000
<v Pastor Ruth>After the pause, a new paragraph.

00:00:18.000 --> 00:00:20.000
<v Sam>Amen.
`

const SRT = `1
00:00:01,000 --> 00:00:03,000
For God so loved

2
00:00:03,000 --> 00:00:05,000
<i>the world</i> — 3 &lt; 4

3
00:00:05,000 --> 00:00:07,000
12
`

describe('transcriptParagraphs', () => {
  test('WebVTT: header, notes, styles, cue ids, timings, tags and repeats go; pauses and voices make paragraphs', () => {
    expect(transcriptParagraphs(VTT)).toEqual([
      'Good morning, church & friends. Turn with me to John 3.',
      'After the pause, a new paragraph.',
      'Amen.',
    ])
  })

  test('SRT: cue numbers and timings go, a line of the sermon that is only a number stays', () => {
    expect(transcriptParagraphs(SRT.replace(/\n/g, '\r\n'))).toEqual([
      'For God so loved the world — 3 < 4 12',
    ])
  })

  test('long speech is cut at a sentence end, and a text without cues is nothing', () => {
    const cues = Array.from(
      { length: 40 },
      (_, i) =>
        `00:00:${String(i).padStart(2, '0')}.000 --> 00:00:${String(i).padStart(2, '0')}.900\nSentence number ${i} is here.`,
    ).join('\n\n')
    const paragraphs = transcriptParagraphs(`WEBVTT\n\n${cues}`)
    expect(paragraphs.length).toBeGreaterThan(1)
    for (const paragraph of paragraphs) expect(paragraph).toMatch(/\.$/)
    expect(paragraphs.join(' ')).toContain('Sentence number 39 is here.')
    expect(transcriptParagraphs('WEBVTT\n\nNOTE nothing said')).toEqual([])
  })
})

describe('reading an uploaded file', () => {
  let root: string
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'transcripts-'))
    await fs.writeFile(path.join(root, 'talk.vtt'), VTT)
    await fs.writeFile(
      path.join(root, 'big.srt'),
      SRT.repeat(Math.ceil(TRANSCRIPT_MAX_BYTES / SRT.length) + 1),
    )
    await fs.writeFile(path.join(root, 'notes.pdf'), 'x'.repeat(1234))
  })
  afterAll(() => fs.rm(root, { recursive: true, force: true }))

  test('only /media/ files inside the uploads, within the size limit, are read', async () => {
    expect(await readTranscript(root, '/media/talk.vtt')).toHaveLength(3)
    expect(await readTranscript(root, '/media/big.srt')).toBeNull()
    expect(await readTranscript(root, '/media/missing.vtt')).toBeNull()
    expect(await readTranscript(root, '/media/notes.pdf')).toBeNull()
    expect(await readTranscript(root, 'https://example.org/talk.vtt')).toBeNull()
    expect(localMediaPath(root, '/media/../etc/passwd')).toBeNull()
    expect(localMediaPath(root, '/media/a/../../x.vtt')).toBeNull()
    expect(await localFileSize(root, '/media/notes.pdf')).toBe(1234)
    expect(await localFileSize(root, '/media/gone.pdf')).toBeNull()
  })
})
