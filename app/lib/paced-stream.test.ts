import { expect, test } from 'vitest'

import { pacedStream } from './paced-stream.ts'

/** A clock that moves only when slept on. */
function testClock() {
  const clock = {
    time: 0,
    waits: [] as number[],
    now: () => clock.time,
    sleep: async (ms: number) => {
      clock.waits.push(ms)
      clock.time += ms
    },
  }
  return clock
}

async function send(stream: TransformStream<Uint8Array, Uint8Array>, pieces: number[]) {
  const received: number[] = []
  const reading = (async () => {
    for await (const piece of stream.readable) received.push(piece.byteLength)
  })()
  const writer = stream.writable.getWriter()
  for (const size of pieces) await writer.write(new Uint8Array(size))
  await writer.close()
  await reading
  return received
}

test('a paced stream passes every byte, the first burst at once and the rest no faster than its pace', async () => {
  const clock = testClock()
  const received = await send(pacedStream(1000, { burst: 500, clock }), [500, 500, 1000, 250])
  expect(received).toEqual([500, 500, 1000, 250])
  // 500 within the burst; then 500 bytes due at 0.5 s, 1,500 at 1.5 s, 1,750 at 1.75 s.
  expect(clock.waits).toEqual([500, 1000, 250])
  expect(clock.time).toBe(1750)
})

test('a sender slower than the pace never waits', async () => {
  const clock = testClock()
  const stream = pacedStream(1000, { burst: 1000, clock })
  const writer = stream.writable.getWriter()
  const reader = stream.readable.getReader()
  for (let i = 0; i < 3; i++) {
    clock.time += 2000
    const read = reader.read()
    await writer.write(new Uint8Array(1000))
    await read
  }
  expect(clock.waits).toEqual([])
})
