import { sharp } from '#app/lib/native-modules.server.ts'

/** Palettes for the generated demo pictures: warm, calm, a little varied. */
const PALETTES = [
  ['#0f3b5f', '#1f6f8b', '#f2c14e'],
  ['#1b4332', '#40916c', '#f4d35e'],
  ['#3c1f5c', '#7b4fa0', '#f7b267'],
  ['#7a2e1f', '#d1603d', '#ffd6a5'],
  ['#14213d', '#3a5a8c', '#fca311'],
  ['#264653', '#2a9d8f', '#e9c46a'],
  ['#5f0f40', '#9a031e', '#fb8b24'],
  ['#283618', '#606c38', '#fefae0'],
] as const

export type Motif =
  | 'cross'
  | 'sunrise'
  | 'church'
  | 'waves'
  | 'candle'
  | 'hills'
  | 'people'
  | 'book'
  | 'person'
  | 'dove'

function motifSvg(motif: Motif, w: number, h: number, accent: string) {
  const cx = w / 2
  const cy = h / 2
  const s = Math.min(w, h)
  switch (motif) {
    case 'cross':
      return `<g fill="${accent}" opacity="0.92"><rect x="${cx - s * 0.035}" y="${cy - s * 0.28}" width="${s * 0.07}" height="${s * 0.56}" rx="${s * 0.01}"/><rect x="${cx - s * 0.17}" y="${cy - s * 0.14}" width="${s * 0.34}" height="${s * 0.07}" rx="${s * 0.01}"/></g>`
    case 'sunrise':
      return `<g><circle cx="${cx}" cy="${h * 0.78}" r="${s * 0.32}" fill="${accent}" opacity="0.85"/>${Array.from(
        { length: 12 },
        (_, i) => {
          const a = Math.PI + (i * Math.PI) / 11
          return `<line x1="${cx + Math.cos(a) * s * 0.38}" y1="${h * 0.78 + Math.sin(a) * s * 0.38}" x2="${cx + Math.cos(a) * s * 0.6}" y2="${h * 0.78 + Math.sin(a) * s * 0.6}" stroke="${accent}" stroke-width="${s * 0.012}" stroke-linecap="round" opacity="0.6"/>`
        },
      ).join(
        '',
      )}<rect x="0" y="${h * 0.78}" width="${w}" height="${h * 0.22}" fill="#000" opacity="0.25"/></g>`
    case 'church':
      return `<g fill="${accent}" opacity="0.9"><polygon points="${cx - s * 0.22},${h * 0.85} ${cx - s * 0.22},${cy} ${cx},${cy - s * 0.16} ${cx + s * 0.22},${cy} ${cx + s * 0.22},${h * 0.85}"/><rect x="${cx - s * 0.06}" y="${cy - s * 0.42}" width="${s * 0.12}" height="${s * 0.3}"/><polygon points="${cx - s * 0.08},${cy - s * 0.42} ${cx},${cy - s * 0.52} ${cx + s * 0.08},${cy - s * 0.42}"/><rect x="${cx - s * 0.008}" y="${cy - s * 0.62}" width="${s * 0.016}" height="${s * 0.11}"/><rect x="${cx - s * 0.035}" y="${cy - s * 0.59}" width="${s * 0.07}" height="${s * 0.016}"/></g><rect x="${cx - s * 0.045}" y="${h * 0.85 - s * 0.16}" width="${s * 0.09}" height="${s * 0.16}" rx="${s * 0.045}" fill="#000" opacity="0.35"/>`
    case 'waves':
      return `<g fill="none" stroke="${accent}" stroke-width="${s * 0.02}" opacity="0.75">${[
        0.55, 0.65, 0.75, 0.85,
      ]
        .map(
          (y) =>
            `<path d="M0 ${h * y} Q ${w * 0.25} ${h * y - s * 0.08} ${w * 0.5} ${h * y} T ${w} ${h * y}"/>`,
        )
        .join('')}</g>`
    case 'candle':
      return `<g><rect x="${cx - s * 0.06}" y="${cy - s * 0.05}" width="${s * 0.12}" height="${s * 0.4}" rx="${s * 0.02}" fill="#fff8e7" opacity="0.95"/><ellipse cx="${cx}" cy="${cy - s * 0.14}" rx="${s * 0.05}" ry="${s * 0.1}" fill="${accent}"/><circle cx="${cx}" cy="${cy - s * 0.14}" r="${s * 0.25}" fill="${accent}" opacity="0.18"/></g>`
    case 'hills':
      return `<g><path d="M0 ${h * 0.7} Q ${w * 0.3} ${h * 0.45} ${w * 0.6} ${h * 0.68} T ${w} ${h * 0.6} V ${h} H 0 Z" fill="#000" opacity="0.22"/><path d="M0 ${h * 0.82} Q ${w * 0.4} ${h * 0.62} ${w} ${h * 0.8} V ${h} H 0 Z" fill="#000" opacity="0.3"/><circle cx="${w * 0.75}" cy="${h * 0.3}" r="${s * 0.09}" fill="${accent}" opacity="0.9"/></g>`
    case 'people':
      return `<g fill="${accent}" opacity="0.88">${[-0.3, -0.1, 0.1, 0.3]
        .map((dx, i) => {
          const x = cx + dx * s
          const y = h * 0.62 + (i % 2) * s * 0.03
          return `<circle cx="${x}" cy="${y - s * 0.16}" r="${s * 0.06}"/><path d="M${x - s * 0.09} ${h} V ${y} Q ${x} ${y - s * 0.08} ${x + s * 0.09} ${y} V ${h} Z"/>`
        })
        .join('')}</g>`
    case 'book':
      return `<g><path d="M${cx} ${cy - s * 0.12} Q ${cx - s * 0.18} ${cy - s * 0.2} ${cx - s * 0.34} ${cy - s * 0.12} V ${cy + s * 0.22} Q ${cx - s * 0.18} ${cy + s * 0.14} ${cx} ${cy + s * 0.22} Z" fill="#fffdf5" opacity="0.95"/><path d="M${cx} ${cy - s * 0.12} Q ${cx + s * 0.18} ${cy - s * 0.2} ${cx + s * 0.34} ${cy - s * 0.12} V ${cy + s * 0.22} Q ${cx + s * 0.18} ${cy + s * 0.14} ${cx} ${cy + s * 0.22} Z" fill="#f6efe0" opacity="0.95"/><rect x="${cx - s * 0.006}" y="${cy - s * 0.12}" width="${s * 0.012}" height="${s * 0.34}" fill="${accent}"/></g>`
    case 'person':
      return `<g fill="${accent}" opacity="0.9"><circle cx="${cx}" cy="${cy - s * 0.1}" r="${s * 0.18}"/><path d="M${cx - s * 0.34} ${h} Q ${cx - s * 0.3} ${cy + s * 0.14} ${cx} ${cy + s * 0.14} Q ${cx + s * 0.3} ${cy + s * 0.14} ${cx + s * 0.34} ${h} Z"/></g>`
    case 'dove':
      return `<g fill="#ffffff" opacity="0.92"><path d="M${cx - s * 0.25} ${cy + s * 0.05} Q ${cx - s * 0.05} ${cy - s * 0.05} ${cx + s * 0.05} ${cy + s * 0.02} Q ${cx + s * 0.2} ${cy - s * 0.02} ${cx + s * 0.26} ${cy - s * 0.08} Q ${cx + s * 0.22} ${cy + s * 0.1} ${cx + s * 0.05} ${cy + s * 0.12} Q ${cx - s * 0.12} ${cy + s * 0.14} ${cx - s * 0.25} ${cy + s * 0.05} Z"/><path d="M${cx - s * 0.02} ${cy + s * 0.02} Q ${cx - s * 0.1} ${cy - s * 0.22} ${cx + s * 0.12} ${cy - s * 0.3} Q ${cx + s * 0.06} ${cy - s * 0.12} ${cx + s * 0.08} ${cy + s * 0.02} Z"/></g>`
  }
}

/** A picture drawn from shapes (no text, so it looks the same on machines without fonts), as PNG. */
export async function drawPicture({
  motif,
  palette,
  width,
  height,
}: {
  motif: Motif
  palette: number
  width: number
  height: number
}) {
  const [dark, mid, accent] = PALETTES[palette % PALETTES.length]
  const bokeh = Array.from({ length: 14 }, (_, i) => {
    const x = ((i * 7919 + palette * 131) % 1000) / 1000
    const y = ((i * 3571 + palette * 71) % 1000) / 1000
    const r = 0.02 + (((i * 137) % 100) / 100) * 0.08
    return `<circle cx="${x * width}" cy="${y * height * 0.7}" r="${r * Math.min(width, height)}" fill="#ffffff" opacity="${0.04 + (i % 4) * 0.025}"/>`
  }).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.35" r="0.7"><stop offset="0" stop-color="${accent}" stop-opacity="0.35"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <rect width="100%" height="100%" fill="url(#glow)"/>
  ${bokeh}
  ${motifSvg(motif, width, height, accent)}
</svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}
