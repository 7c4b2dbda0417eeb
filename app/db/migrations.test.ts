import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { MIGRATIONS_FOLDER } from './migrate.server'

type Journal = { entries: { idx: number; when: number; tag: string }[] }
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal

/**
 * Drizzle's migrator applies the journal's entries newer than the last one applied, by `when`: an
 * entry whose `when` is not above every earlier one is skipped without a word. 0008–0011 were
 * written with dates ahead of the calendar, so a migration generated on 26 Nov (0012) got an older
 * `when` and never ran; `npm run db:generate` after them needs its `when` raised by hand.
 */
describe('the migrations journal', () => {
  it('has one entry per SQL file, in order, each newer than the one before', () => {
    const files = readdirSync(MIGRATIONS_FOLDER)
      .filter((name) => name.endsWith('.sql'))
      .sort()
    expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(files)
    journal.entries.forEach((entry, index) => {
      expect(entry.idx).toBe(index)
      if (index > 0)
        expect(entry.when, `${entry.tag} must be newer than ${journal.entries[index - 1].tag}`).toBeGreaterThan(
          journal.entries[index - 1].when,
        )
    })
  })
})
