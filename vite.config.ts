import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

export default defineConfig({
  plugins: [
    remix({
      // BUILD_DIR lets parallel test runs keep separate builds.
      buildDirectory: process.env.BUILD_DIR || 'build',
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths(),
  ],
  build: { target: 'es2020', sourcemap: process.env.SOURCEMAP === '1' },
  // Mantine goes into the server bundle: Node resolving and linking its ~1,000 ES module files took
  // about 0.4 s of every server process's start (issue 26: a restart within 3 s).
  ssr: { noExternal: [/^@mantine\//] },
})
