import { createContext, useCallback, useContext, type ReactNode } from 'react'

/**
 * The "No tooltips" preference (spec 1 §2.12, saved as preferences.noTooltips): when set, the app
 * shows no tooltip (no `title` text, no tooltip component). The root provides it from the user's
 * preferences, so the server render already leaves them out (JavaScript or not).
 */
const TipsContext = createContext(true)

export function TipsProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  return <TipsContext.Provider value={enabled}>{children}</TipsContext.Provider>
}

/** A tooltip's text, or undefined when the user chose No tooltips (for `title`, in React or in markup). */
export type Tip = (text: string | null | undefined) => string | undefined

/** `title={tip('text')}`: the tooltip's text, or undefined when the user chose No tooltips. */
export function useTip(): Tip {
  const enabled = useContext(TipsContext)
  return useCallback((text) => (enabled && text ? text : undefined), [enabled])
}
