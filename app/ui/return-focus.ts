import { useEffect, useRef } from 'react'

/**
 * A dialog or panel opened in the browser (a row's link or button, a menu item) gives focus back to the
 * control that opened it when it closes, as a keyboard user expects; if that control was drawn anew meanwhile
 * (a list's rows are markup replaced when the page's data reloads), to the control with the same link.
 * Only focus that the closing left nowhere (on the body) is moved; a dialog the server rendered open
 * has no opener.
 */
export function useReturnFocus(ref: { current: HTMLElement | null }) {
  // Read during the first render in the browser: effects that move focus into the dialog run later.
  const opener = useRef<{ element: HTMLElement; href: string | null } | null | undefined>(undefined)
  if (opener.current === undefined && typeof document !== 'undefined') {
    const active = document.activeElement
    opener.current = active instanceof HTMLElement && active !== document.body ? { element: active, href: active.getAttribute('href') } : null
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
        const target = from.element.isConnected ? from.element : from.href ? document.querySelector<HTMLElement>(`a[href="${CSS.escape(from.href)}"]`) : null
        target?.focus()
      })
    }
  }, [ref])
}
