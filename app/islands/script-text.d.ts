/** `import code from './x.ts?script-text'`: the module bundled into one inline script (vite.config.ts). */
declare module '*?script-text' {
  const code: string
  export default code
}
