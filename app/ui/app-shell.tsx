import { useHydrated } from '#app/ui/use-hydrated'
import { trackFocusLeaving } from '#app/ui/return-focus'
import { Form, Link, NavLink, useLocation } from '@remix-run/react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { VisibleMenus } from '#app/domain/menus'
import { RETURN_TO_WORK_KEY } from './menu'
import { openPopup } from './popup'
import { useTip } from '#app/ui/tips'

/**
 * The top bar and the narrow side bar of spec 1 §2.3. Menus are native <details> elements, so they
 * open with a keyboard or a click even before (or without) JavaScript.
 *
 * The bar's links are `discover="none"`: the route of a menu item is found when it is followed (one
 * small manifest request), not on every page load, where finding them re-rendered the whole page
 * once more after hydrating (decision 0039: the thin client).
 */
export function AppShell({
  username,
  menus,
  children,
}: {
  username: string
  menus: VisibleMenus
  children: ReactNode
}) {
  const tip = useTip()
  const [sidebar, setSidebar] = useState(false)
  const hydrated = useHydrated()
  // Dialogs give focus back to what opened them, even when a menu hid it on the way (return-focus.ts).
  useEffect(trackFocusLeaving, [])
  const bar = useRef<HTMLElement>(null)
  const location = useLocation()

  useEffect(() => {
    // Remember the last place of work for the manager area's 'Return to work'.
    if (!location.pathname.startsWith('/manage')) {
      window.sessionStorage.setItem(RETURN_TO_WORK_KEY, `${location.pathname}${location.search}`)
    }
  }, [location])

  useEffect(() => {
    // Close open menus on navigation and on a click elsewhere.
    const closeAll = (except?: EventTarget | null) => {
      bar.current?.querySelectorAll('details[open]').forEach((menu) => {
        if (!(except instanceof Node && menu.contains(except))) menu.removeAttribute('open')
      })
    }
    closeAll()
    const onClick = (event: globalThis.MouseEvent) => closeAll(event.target)
    // Escape closes the open menu; focus that was in it goes back to its button (not to the page's body).
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      bar.current?.querySelectorAll('details[open]').forEach((menu) => {
        const hadFocus = menu.contains(document.activeElement)
        menu.removeAttribute('open')
        if (hadFocus) menu.querySelector('summary')?.focus()
      })
    }
    // Focus that leaves an open menu (Tab past its last link) closes it.
    const onFocusOut = (event: FocusEvent) => {
      const menu = event.target instanceof Element ? event.target.closest('details.app-menu[open]') : null
      if (menu && !(event.relatedTarget instanceof Node && menu.contains(event.relatedTarget)))
        menu.removeAttribute('open')
    }
    document.addEventListener('click', onClick)
    document.addEventListener('keydown', onKey)
    document.addEventListener('focusout', onFocusOut)
    return () => {
      document.removeEventListener('click', onClick)
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('focusout', onFocusOut)
    }
  }, [location])

  return (
    <>
      <header className="app-topbar" ref={bar}>
        <a href="#main" className="skip-link">
          Skip to main content
        </a>
        {/* The side bar needs a script to open: without one the button keeps its place but is not offered
            (a dead button would do nothing); the top bar has the same links. */}
        <button
          type="button"
          className="app-link"
          aria-label={sidebar ? 'Hide side bar' : 'Show side bar'}
          aria-expanded={sidebar}
          aria-controls="app-sidebar"
          onClick={() => setSidebar((open) => !open)}
          style={{ fontSize: 18, lineHeight: 1, ...(hydrated ? {} : { visibility: 'hidden' }) }}
          {...(hydrated ? {} : { tabIndex: -1, 'aria-hidden': true })}
        >
          ☰
        </button>
        <Link to="/" aria-label="mga-desk home" discover="none">
          mga-desk
        </Link>
        {menus.jobs ? (
          <Link to="/search/firms/firmsSearch" discover="none">
            JOBS
          </Link>
        ) : null}
        <nav aria-label="Main menu" style={{ display: 'flex', gap: 4 }}>
          {menus.menus.map((group) => (
            <details className="app-menu" key={group.label}>
              <summary>{group.label}</summary>
              {/* A disclosure of links (Enter opens, Tab moves through, Escape or leaving closes), not an ARIA
                  menu: a menu role promises arrow keys and a single Tab stop. */}
              <div className="app-menu-items" role="group" aria-label={group.label}>
                {group.items.map((item) =>
                  item.popup ? (
                    <a
                      key={item.path}
                      href={item.path}
                      target="_blank"
                      rel="noreferrer"
                      onClick={(event) => item.popup && openPopup(event, item.popup)}
                    >
                      {item.label}
                    </a>
                  ) : (
                    <Link key={item.path} to={item.path} discover="none">
                      {item.label}
                    </Link>
                  ),
                )}
              </div>
            </details>
          ))}
        </nav>
        <div style={{ flex: 1 }} />
        <Link to="/preferences" title={tip('Preferences and theme')} discover="none">
          {username}
        </Link>
        {/* Logout clears the session's state in the browser too (spec 1 §4): where Return to work goes, scroll positions. */}
        <Form
          method="post"
          action="/logout"
          discover="none"
          style={{ display: 'inline' }}
          onSubmit={() => window.sessionStorage.clear()}
        >
          <button type="submit" className="app-link">
            LOGOUT
          </button>
        </Form>
      </header>
      {sidebar ? (
        <nav id="app-sidebar" className="app-sidebar" aria-label="Side bar">
          <NavLink to="/" end discover="none">
            <span aria-hidden>⌂</span>Home
          </NavLink>
          {menus.jobs ? (
            <NavLink to="/search/firms/firmsSearch" discover="none">
              <span aria-hidden>☑</span>Jobs
            </NavLink>
          ) : null}
          {menus.manageArea ? (
            <NavLink to="/manage" discover="none">
              <span aria-hidden>⚙</span>Admin
            </NavLink>
          ) : null}
          {menus.menus
            .filter((group) => group.label === 'SEARCH')
            .flatMap((group) => group.items)
            .map((item) => (
              <NavLink key={item.path} to={item.path} discover="none">
                <span aria-hidden>⌕</span>
                {item.label}
              </NavLink>
            ))}
        </nav>
      ) : null}
      <main id="main" tabIndex={-1} className={sidebar ? 'app-main with-sidebar' : 'app-main'}>
        {children}
      </main>
    </>
  )
}
