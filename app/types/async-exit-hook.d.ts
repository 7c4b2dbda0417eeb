declare module 'async-exit-hook' {
  type Hook = (done: () => void) => void
  interface ExitHook {
    (hook: Hook): void
    unhookEvent: (event: string) => void
    hookEvent: (event: string, code?: number) => void
  }
  const exitHook: ExitHook
  export default exitHook
}
