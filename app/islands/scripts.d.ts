/** `import code from './x.ts?script-text'`: the module bundled into one script, to write inline (vite.config.ts). */
declare module '*?script-text' {
  const code: string
  export default code
}

/** `import src from './x.ts?script-file'`: the address of the module bundled into one script file (vite.config.ts). */
declare module '*?script-file' {
  const src: string
  export default src
}
