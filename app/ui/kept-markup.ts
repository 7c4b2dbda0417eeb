import { useId, useRef } from 'react'

const KEEP = { __html: '' }

/**
 * The props of an element whose content is markup the page builds (`dangerouslySetInnerHTML`): a
 * body of markup rows, the theme's CSS variables. React does not compare that markup when it
 * hydrates, so building the same string again in the browser from the loader data (a hundred rows'
 * escaping and dates, the theme's contrast checks: long tasks on a thin client) is work for nothing.
 * Hydrating, the element keeps what the server wrote (an empty `__html`, which React leaves alone)
 * and remembers how it was made; when it renders again its markup is compared with that, and the
 * content is written only when it differs. An element the browser mounts itself (a client render, a
 * new page) is written at once: only a hydrating element finds its server twin, since `useId` gives
 * the server's id only while hydrating (`data-markup` carries it).
 *
 * `deps`, when given, are everything the markup is made from (as a `useMemo`'s): while they are the
 * ones the element hydrated with, it keeps its content without building it (a part re-rendered once
 * hydrated, for a drag handle or a pending state, builds nothing); once they change, the content is
 * written from the new markup.
 */
export function useKeptMarkup(
  tag: string,
  build: () => string,
  deps?: readonly unknown[],
): { 'data-markup': string; dangerouslySetInnerHTML: { __html: string } } {
  const id = useId()
  const kept = useRef<{ build: () => string; deps?: readonly unknown[]; value?: string } | null | undefined>(undefined)
  if (kept.current === undefined) {
    kept.current = serverElement(tag, id) ? { build, deps } : null
    if (kept.current) return { 'data-markup': id, dangerouslySetInnerHTML: KEEP }
  }
  const server = kept.current
  if (server?.deps && deps && sameDeps(server.deps, deps)) return { 'data-markup': id, dangerouslySetInnerHTML: KEEP }
  const value = build()
  if (server && !(server.deps && deps)) {
    server.value ??= server.build()
    if (value === server.value) return { 'data-markup': id, dangerouslySetInnerHTML: KEEP }
  }
  kept.current = null
  return { 'data-markup': id, dangerouslySetInnerHTML: { __html: value } }
}

function sameDeps(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]))
}

/** The server's element of one now hydrating, with its content. */
function serverElement(tag: string, id: string): boolean {
  if (typeof document === 'undefined') return false
  return Boolean(document.querySelector(`${tag}[data-markup="${id}"]`)?.hasChildNodes())
}
