import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { useHydrated } from './use-hydrated'

/**
 * A part whose code loads on demand (`React.lazy`). The server renders it in place, so it shows and
 * works as plain HTML; in the browser it becomes interactive once its code has loaded, which can be
 * after the rest of the page. Its wrapper says which: `data-lazy="pending"` until then, `"ready"` after,
 * so the end-to-end tests (and anyone debugging a thin client) can tell.
 */
export function LazyPart({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Ready>{children}</Ready>
    </Suspense>
  )
}

function Ready({ children }: { children: ReactNode }) {
  // True only once this boundary has hydrated, that is when the lazy code below it has loaded.
  const ready = useHydrated()
  return (
    <div data-lazy={ready ? 'ready' : 'pending'} style={{ display: 'contents' }}>
      {children}
    </div>
  )
}

/**
 * `React.lazy` whose code can be asked for before React reaches it: a page whose server rendered the
 * part (a dialog the URL opens, below a long table) calls `preload()` as its own render starts, so the
 * part's code loads while React hydrates what comes before it, instead of after (a chain of requests:
 * the tab's code, then the dialog's, each only once React got there).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export function lazyWithPreload<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loading: Promise<{ default: T }> | undefined
  const preload = () => (loading ??= load())
  return Object.assign(lazy(preload), { preload })
}
