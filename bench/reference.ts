import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { ROOT, stopChild } from './support.ts'

/** Starts bench/reference-server.js in its own process, answering `response` from memory. */
export async function startReferenceServer(response: { body: Buffer; headers: Record<string, string> }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-bench-ref-'))
  const file = path.join(dir, 'response.json')
  const headers = Object.fromEntries(
    Object.entries(response.headers).filter(
      ([name]) => name === 'content-type' || name === 'content-encoding',
    ),
  )
  fs.writeFileSync(file, JSON.stringify({ headers, bodyBase64: response.body.toString('base64') }))
  const child = spawn(process.execPath, [path.join(ROOT, 'bench', 'reference-server.js'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk
      const match = /"url":"([^"]+)"/.exec(output)
      if (match) resolve(match[1])
    })
    child.once('exit', (code) => reject(new Error(`The reference server exited with ${code}`)))
  })
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      await stopChild(child)
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
