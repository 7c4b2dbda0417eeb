import { readdirSync } from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The layering rule of eslint.config.js, proved on planted violations: the real config lints a string
 * as if it were a file in each folder, and must report no-restricted-imports (and nothing for the
 * allowed direction).
 */
const eslint = new ESLint({ cwd: process.cwd() })

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message)
}

/** Each planted file must be refused `count` restricted imports (one unless said), each named in a failure by its file. */
async function refused(cases: [file: string, code: string, count?: number][]) {
  for (const [file, code, count = 1] of cases)
    expect(await restricted(file, code), `${file}: ${code}`).toHaveLength(count)
}

/** Each planted file must be allowed: no restricted import. */
async function allowed(cases: [file: string, code: string][]) {
  for (const [file, code] of cases) expect(await restricted(file, code), `${file}: ${code}`).toEqual([])
}

/** A planted module that imports `line` and exports something. */
const importing = (line: string) => `${line}\nexport const x = 1\n`

describe('layering rule (eslint.config.js)', { timeout: 60_000 }, () => {
  it('refuses drizzle-orm and #app/db/schema outside models and db', async () => {
    await refused([
      ['app/features/firms/planted.server.ts', "import { sql } from 'drizzle-orm'\nexport const x = sql`1`\n"],
      ['app/routes/planted.ts', "import { firms } from '#app/db/schema'\nexport const x = firms\n"],
    ])
    await allowed([
      [
        'app/models/planted.server.ts',
        "import { sql } from 'drizzle-orm'\nimport { firms } from '#app/db/schema'\nexport const x = [sql, firms]\n",
      ],
    ])
  })
  it('refuses models and domain importing features, ui or routes', async () => {
    await refused([
      ['app/models/planted.server.ts', importing("import { FirmForm } from '#app/features/firms/firm-form'")],
      ['app/domain/planted.ts', importing("import { DataTable } from '#app/ui/data-table'")],
    ])
  })
  it('lets domain import only domain', async () => {
    await refused([
      [
        'app/domain/planted.ts',
        "import { getDb } from '#app/db/client.server'\nimport { z } from '#app/schemas/fields'\nexport const x = [getDb, z]\n",
        2,
      ],
    ])
    await allowed([
      [
        'app/domain/planted.ts',
        "import { parseId } from '#app/domain/ids'\nimport { parseId as p } from './ids'\nexport const x = [parseId, p]\n",
      ],
    ])
  })
  it('keeps features out of the shared kit', async () => {
    await refused([['app/ui/planted.tsx', importing("import { JobsPanel } from '#app/features/jobs/jobs-panel'")]])
  })
  it('keeps each feature to itself: no feature imports another (the route module composes them)', async () => {
    await refused([
      // The firm viewer importing a tab, and a tab importing the viewer back: both refused.
      ['app/features/firms/planted.tsx', importing("import { NotesTab } from '#app/features/notes/notes-tab'")],
      [
        'app/features/notes/planted.server.ts',
        importing("import { loadFirmView } from '#app/features/firms/viewer.server'"),
      ],
      [
        'app/features/jobs/sub/planted.ts',
        "import type { FirmView } from '#app/features/firms/viewer.server'\nexport type X = FirmView\n",
      ],
      // A feature's name is not a prefix of another's: features/note-editor is not features/notes.
      ['app/features/notes/planted.ts', importing("import { x as y } from '#app/features/note-editor/page'")],
    ])
    // Its own modules and the contracts are the way.
    await allowed([
      [
        'app/features/notes/planted.ts',
        "import { NotesTab } from '#app/features/notes/notes-tab'\nimport { firmTabView } from '#app/ui/firm-tab'\nimport type { FirmTab } from '#app/http/firm-tab.server'\nexport const x: [unknown, unknown, FirmTab | null] = [NotesTab, firmTabView, null]\n",
      ],
    ])
  })
  it('keeps each layer below its callers (ARCHITECTURE.md)', async () => {
    const below: [string, string][] = [
      ['app/models/planted.server.ts', "import { getOptionalUser } from '#app/auth/guard.server'"],
      ['app/models/planted.server.ts', "import { sendMail } from '#app/mail/transport.server'"],
      ['app/models/planted.server.ts', "import { apiRoute } from '#app/http/api-route.server'"],
      ['app/db/planted.ts', "import { getFirm } from '#app/models/firm.server'"],
      ['app/db/planted.ts', "import { SCOPES } from '#app/auth/scopes'"],
      ['app/schemas/planted.ts', "import { JOB_SORT_COLUMNS } from '#app/models/job.server'"],
      ['app/auth/planted.server.ts', "import { RETURN_TO_WORK_KEY } from '#app/ui/menu'"],
      ['app/auth/planted.server.ts', "import { apiRoute } from '#app/http/api-route.server'"],
      ['app/http/planted.server.ts', "import { loadFirm } from '#app/features/firms/planted'"],
      ['app/features/firms/planted.server.ts', "import { FIRM_TABS } from '#app/compose/firm-tabs.server'"],
      ['app/compose/planted.server.ts', "import { getFirm } from '#app/models/firm.server'"],
    ]
    await refused(below.map(([file, line]) => [file, importing(line)]))
    const above: [string, string][] = [
      ['app/db/planted.ts', "import { SCOPES } from '#app/domain/scope-names'"],
      ['app/schemas/planted.ts', "import { JOB_SORTABLE } from '#app/domain/notes'"],
      ['app/models/planted.server.ts', "import type { ClaimChanges } from '#app/schemas/claims'"],
      ['app/http/planted.server.ts', "import { getOptionalUser } from '#app/auth/guard.server'"],
      ['app/http/planted.server.ts', "import { accessRule } from '#app/auth/scopes'"],
    ]
    await allowed(above.map(([file, line]) => [file, importing(line)]))
  })
  it('keeps every file of app/auth below app/http, the guard included (auth decides, http answers)', async () => {
    const files = readdirSync(path.join(process.cwd(), 'app/auth')).filter((name) => /\.tsx?$/.test(name))
    expect(files).toContain('guard.server.ts')
    const lines = [
      "import { apiError } from '#app/http/errors.server'",
      "import { requireUser } from '#app/http/guard.server'",
    ]
    await refused(files.flatMap((name) => lines.map((line): [string, string] => [`app/auth/${name}`, importing(line)])))
  })

  it('keeps route modules to their feature and the factories', async () => {
    await refused([
      ['app/routes/planted.ts', importing("import { getFirm } from '#app/models/firm.server'")],
      ['app/routes/planted.ts', importing("import { getDb } from '#app/db/client.server'")],
      ['app/routes/planted.ts', importing("import { requireUser } from '#app/auth/guard.server'")],
    ])
    await allowed([
      [
        'app/routes/planted.ts',
        "import { pageRoute } from '#app/http/page-route.server'\nimport { x as y } from '#app/features/firms/planted'\nexport const x = [pageRoute, y]\n",
      ],
    ])
  })
})

async function syntax(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message)
}

describe('one way per pattern (eslint.config.js, docs/patterns.md)', { timeout: 60_000 }, () => {
  const planted = {
    response: "export const x = () => new Response('no', { status: 403 })\n",
    thrownData: "import { data } from '@remix-run/node'\nexport const x = () => { throw data({ message: 'x' }) }\n",
    errorData:
      "import { data } from '@remix-run/node'\nexport const x = () => data({ intent: 'a' }, { status: 409 })\n",
    guard:
      "import { requireUser } from '#app/http/guard.server'\nexport const x = (r: Request) => requireUser(r, '/')\n",
    signOut: "import { signOut } from '#app/auth/login.server'\nexport const x = (r: Request) => signOut(r)\n",
    noPermission: "import { redirect } from '@remix-run/node'\nexport const x = () => redirect('/no-permission')\n",
    parseId: "import { parseId } from '#app/domain/ids'\nexport const x = (f: FormData) => parseId(f.get('pid'))\n",
    safeParse: "import { z } from 'zod'\nexport const x = (v: unknown) => z.string().safeParse(v)\n",
    intent: "export const x = (f: FormData) => f.get('intent')\n",
    clone: 'export const x = (request: Request) => request.clone()\n',
  }
  it('refuses each old way in the server code of a feature (planted)', async () => {
    for (const [name, code] of Object.entries(planted))
      expect(await syntax('app/features/firms/planted.server.ts', code), name).toHaveLength(1)
  })
  it('lets a component read an id of its own URL, and allows a success answer', async () => {
    expect(await syntax('app/features/firms/planted.tsx', planted.parseId)).toEqual([])
    expect(
      await syntax(
        'app/features/firms/planted.server.ts',
        "import { data } from '@remix-run/node'\nexport const x = () => data({ intent: 'a', message: 'Saved.' })\n",
      ),
    ).toEqual([])
  })
})
