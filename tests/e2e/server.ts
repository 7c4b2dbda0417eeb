/**
 * The end-to-end tests' server: a fresh embedded database under data/e2e each run. A PostgreSQL
 * left running by an interrupted earlier run is stopped before its folder is removed.
 */
import fs from 'node:fs'
import path from 'node:path'
import { stopOrphanedPostmaster } from '#app/db/embedded.server'

const dataDir = path.resolve(process.env.DATA_DIR ?? 'data/e2e')
await stopOrphanedPostmaster(path.join(dataDir, 'pg'), (line) => console.log(line))
fs.rmSync(dataDir, { recursive: true, force: true })
await import('../../server/index')
