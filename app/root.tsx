import '#app/styles/mantine.css'
import '#app/styles/app.css'
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from '@mantine/core'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { getOptionalUser } from '#app/auth/guard.server'
import { serverTimeZone } from '#app/config.server'
import { TIME_ZONE_META } from '#app/domain/dates'
import { IconSprite } from '#app/ui/core'
import { useKeptMarkup } from '#app/ui/kept-markup'
import { RouteErrorPanel } from '#app/ui/error-panel'
import { useNonce } from '#app/ui/nonce'
import { pageErrorFrom } from '#app/http/errors.server'
import { consumeFlash } from '#app/http/flash.server'
import { Snackbar } from '#app/ui/snackbar'
import { preparedTheme, themeColors, type ThemeColors } from '#app/ui/theme'
import { TipsProvider } from '#app/ui/tips'

export const meta: MetaFunction = () => [{ title: 'mga-desk' }]

export async function loader({ request }: LoaderFunctionArgs) {
  // A lost database is the page's 503 (the error dialog with Retry-After), as in the route factories.
  const [user, { flash, setCookie }] = await Promise.all([getOptionalUser(request), consumeFlash(request)]).catch(
    pageErrorFrom,
  )
  const preferences = user?.preferences ?? {}
  return data(
    {
      colors: themeColors(user?.customTheme),
      dense: preferences.dense === true,
      noTooltips: preferences.noTooltips === true,
      flash,
      timeZone: serverTimeZone(),
    },
    { headers: setCookie ? { 'Set-Cookie': setCookie } : undefined },
  )
}

interface RootData {
  colors: ThemeColors
  dense: boolean
  noTooltips: boolean
  flash: { message: string; kind: 'success' | 'error' | 'info' } | null
  /** The server's time zone: the browser shows times on it too (app/domain/dates.ts). */
  timeZone: string
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root') as RootData | undefined
  const colors = root?.colors ?? themeColors(null)
  const nonce = useNonce()
  const prepared = preparedTheme(colors, root?.dense ?? false)
  // The CSS is made from the prepared theme alone (one object per colours and density).
  const themeCss = useKeptMarkup('style', () => prepared.css, [prepared])
  // The page is interactive from here on (parts that load later say so themselves: see LazyPart).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <html lang="en" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {root?.timeZone ? <meta name={TIME_ZONE_META} content={root.timeZone} /> : null}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <Meta />
        <Links />
        <ColorSchemeScript defaultColorScheme="light" forceColorScheme="light" nonce={nonce} />
      </head>
      <body style={{ ['--app-background' as string]: colors.background }}>
        {/* The theme's CSS variables, built once per theme (MantineProvider would build them per render). */}
        <style data-mantine-styles nonce={nonce} {...themeCss} />
        <IconSprite />
        <MantineProvider
          theme={prepared.theme}
          withCssVariables={false}
          defaultColorScheme="light"
          forceColorScheme="light"
        >
          <TipsProvider enabled={!root?.noTooltips}>{children}</TipsProvider>
          <Snackbar snack={root?.flash ?? null} />
        </MantineProvider>
        {/* In their own element: once hydrated, Remix drops the ~40 preload links and scripts, and the
            route discovery's observer scans the whole document for each node removed from <body>, but
            only this element for nodes removed from it (decision 0039). */}
        <div data-scripts>
          <ScrollRestoration nonce={nonce} />
          <Scripts nonce={nonce} />
        </div>
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  return <RouteErrorPanel error={useRouteError()} />
}
