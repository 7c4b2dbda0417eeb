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

describe('layering rule (eslint.config.js)', { timeout: 60_000 }, () => {
  it('refuses drizzle-orm and #app/db/schema outside models and db', async () => {
    expect(
      await restricted(
        'app/features/firms/planted.server.ts',
        "import { sql } from 'drizzle-orm'\nexport const x = sql`1`\n",
      ),
    ).toHaveLength(1)
    expect(
      await restricted('app/routes/planted.ts', "import { firms } from '#app/db/schema'\nexport const x = firms\n"),
    ).toHaveLength(1)
    expect(
      await restricted(
        'app/models/planted.server.ts',
        "import { sql } from 'drizzle-orm'\nimport { firms } from '#app/db/schema'\nexport const x = [sql, firms]\n",
      ),
    ).toEqual([])
  })
  it('refuses models and domain importing features, ui or routes', async () => {
    expect(
      await restricted(
        'app/models/planted.server.ts',
        "import { FirmForm } from '#app/features/firms/firm-form'\nexport const x = FirmForm\n",
      ),
    ).toHaveLength(1)
    expect(
      await restricted(
        'app/domain/planted.ts',
        "import { DataTable } from '#app/ui/data-table'\nexport const x = DataTable\n",
      ),
    ).not.toEqual([])
  })
  it('lets domain import only domain', async () => {
    const planted =
      "import { getDb } from '#app/db/client.server'\nimport { z } from '#app/schemas/fields'\nexport const x = [getDb, z]\n"
    expect(await restricted('app/domain/planted.ts', planted)).toHaveLength(2)
    expect(
      await restricted(
        'app/domain/planted.ts',
        "import { parseId } from '#app/domain/ids'\nimport { parseId as p } from './ids'\nexport const x = [parseId, p]\n",
      ),
    ).toEqual([])
  })
  it('keeps features out of the shared kit', async () => {
    expect(
      await restricted(
        'app/ui/planted.tsx',
        "import { JobsPanel } from '#app/features/jobs/jobs-panel'\nexport const x = JobsPanel\n",
      ),
    ).toHaveLength(1)
  })
})
