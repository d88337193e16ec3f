// Runs after `npm install` and `npm ci` (package.json "postinstall"): applies a fix that a dependency released
// only in a version this project cannot take yet. Each fix names the exact version it is for and leaves any other
// alone, so an upgrade simply stops applying it (then delete the entry).
import fs from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')

const FIXES = [
  {
    // Vite 8.1 deprecated `envFile: false` in favour of `envDir: false` (supported since Vite 6.3). React Router's
    // own Vite servers (its config loader and child compiler) still pass it in 7.x, so every build printed "The
    // `envFile` option is deprecated" nine times, and typegen three. Fixed in remix-run/react-router#15230, which
    // shipped only in React Router 8 (Node 22 and later).
    name: '@react-router/dev',
    version: '7.18.4',
    files: ['dist/cli/index.js', 'dist/vite.js', 'dist/vite/cloudflare.js'],
    from: 'envFile: false',
    to: 'envDir: false',
  },
]

for (const fix of FIXES) {
  const dir = path.join(ROOT, 'node_modules', fix.name)
  let version
  try {
    version = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version
  } catch {
    continue // not installed (npm ci --omit=dev)
  }
  if (version !== fix.version) continue
  for (const file of fix.files) {
    const target = path.join(dir, file)
    if (!fs.existsSync(target)) continue
    const source = fs.readFileSync(target, 'utf8')
    if (!source.includes(fix.from)) continue
    // A new file in place of the old one rather than a write into it: an installed file may be a hard link
    // shared with another checkout.
    const temporary = `${target}.${process.pid}.tmp`
    fs.writeFileSync(temporary, source.replaceAll(fix.from, fix.to))
    fs.renameSync(temporary, target)
  }
}
