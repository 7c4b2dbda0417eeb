import { Suspense, type ReactNode } from 'react'
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
