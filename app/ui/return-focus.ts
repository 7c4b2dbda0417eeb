import { useEffect, useRef } from 'react'

/**
 * A dialog or panel opened in the browser (a row's link or button, a menu item) gives focus back to the
 * control that opened it when it closes, as a keyboard user expects; if that control was drawn anew meanwhile
 * (a list's rows are markup replaced when the page's data reloads), to the control with the same link;
 * a link in a menu that has closed gives focus to the menu's button.
 * Only focus that the closing left nowhere (on the body) is moved; a dialog the server rendered open
 * has no opener.
 */
export function useReturnFocus(ref: { current: HTMLElement | null }) {
  // Read during the first render in the browser: effects that move focus into the dialog run later.
  const opener = useRef<{ element: HTMLElement; href: string | null } | null | undefined>(undefined)
  if (opener.current === undefined && typeof document !== 'undefined') {
    const active = document.activeElement
    // The control that opened it may have lost focus on the way (a menu link hidden as its menu closed).
    const from = active instanceof HTMLElement && active !== document.body ? active : recentlyLeft()
    opener.current = from ? { element: from, href: from.getAttribute('href') } : null
  }
  useEffect(() => {
    const dialog = ref.current
    return () => {
      const from = opener.current
      if (!from) return
      // After React has removed the dialog (and a navigation that closed it has drawn the page).
      requestAnimationFrame(() => {
        if (document.activeElement && document.activeElement !== document.body) return
        if (dialog?.isConnected && !(dialog instanceof HTMLDialogElement && !dialog.open)) return
        const target = from.element.isConnected
          ? from.element
          : from.href
            ? document.querySelector<HTMLElement>(`a[href="${CSS.escape(from.href)}"]`)
            : null
        target?.focus()
        // A link in a menu that has closed (details/summary) cannot take focus: its menu's button does.
        if (target && document.activeElement !== target)
          target.closest('details')?.querySelector<HTMLElement>(':scope > summary')?.focus()
      })
    }
  }, [ref])
}

/** The element focus last left for nowhere (hidden or removed while focused), for a moment after. */
let left: { element: HTMLElement; at: number } | null = null
const RECENT_MS = 1500

function recentlyLeft(): HTMLElement | null {
  return left && Date.now() - left.at < RECENT_MS ? left.element : null
}

/** Installed once by the app shell: remembers the element focus leaves without going anywhere. */
export function trackFocusLeaving() {
  if (typeof document === 'undefined' || trackFocusLeaving.installed) return
  trackFocusLeaving.installed = true
  document.addEventListener(
    'focusout',
    (event) => {
      if (event.target instanceof HTMLElement && event.relatedTarget === null)
        left = { element: event.target, at: Date.now() }
    },
    true,
  )
}
trackFocusLeaving.installed = false
