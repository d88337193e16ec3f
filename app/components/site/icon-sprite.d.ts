/** `import spriteUrl from 'virtual:icon-sprite'`: the address of the public site's icon sprite (vite.config.ts). */
declare module 'virtual:icon-sprite' {
  const url: string
  export default url
}
