import { describe, expect, it } from 'vitest'
import { NOTE_STATUSES, NOTE_TYPES, POLICY_STATUSES } from '#app/db/schema'
import { createContext } from './context'
import { generateDemoData } from './generate.server'
import { STAFF } from './staff'

const TODAY = new Date('2025-06-18T10:00:00Z')
// Hashing is slow and irrelevant here: any stand-in string per password will do.
const HASHES = new Map(STAFF.map((staff) => [staff.password, `hash-of-${staff.password}`]))
const generate = (scale: number) => generateDemoData(createContext(scale, TODAY), HASHES)

// Generating the demo data twice takes a few seconds on a busy 2-core machine.
describe('demo data generator', { timeout: 30_000 }, () => {
  const data = generate(1)

  it('builds the same rows on every run', () => {
    const again = generate(1)
    expect(again.directory.firms).toEqual(data.directory.firms)
    expect(again.notes.notes).toEqual(data.notes.notes)
    expect(again.underwriting.policies).toEqual(data.underwriting.policies)
    expect(again.claims.claims).toEqual(data.claims.claims)
    expect(again.files.fileObjects.map((file) => file.sha256)).toEqual(data.files.fileObjects.map((file) => file.sha256))
  })

  it('has the documented sizes at scale 1 and scales them', () => {
    expect(data.directory.firms).toHaveLength(600)
    expect(data.claims.claims).toHaveLength(250)
    expect(data.underwriting.contracts).toHaveLength(6)
    expect(data.underwriting.programs).toHaveLength(20)
    expect(data.notes.notes.length).toBeGreaterThan(600 * 12)
    const small = generate(0.05)
    expect(small.directory.firms).toHaveLength(30)
  })

  it('covers every policy status, note type and note status, even when small', () => {
    for (const sample of [data, generate(0.05)]) {
      expect(new Set(sample.underwriting.policies.map((policy) => policy.status))).toEqual(new Set(POLICY_STATUSES))
    }
    expect(new Set(data.notes.notes.map((note) => note.type))).toEqual(new Set(NOTE_TYPES))
    expect(new Set(data.notes.notes.map((note) => note.status))).toEqual(new Set(NOTE_STATUSES))
  })

  it('keeps past records in the past', () => {
    const now = createContext(1, TODAY).now
    // Events, appointments and upcoming news carry their (future) date in cstamp, as the legacy API reads them.
    const firmNotes = data.notes.notes.filter((note) => note.type !== 'event' && note.type !== 'appt' && note.type !== 'news')
    expect(firmNotes.every((note) => note.cstamp! <= now && note.stamp! <= note.cstamp!)).toBe(true)
    expect(data.notes.notes.filter((note) => note.type === 'news').every((note) => note.stamp! <= now)).toBe(true)
    expect(data.staff.userSessions.every((session) => session.logout! >= session.login! && session.logout! <= now)).toBe(true)
    expect(data.claims.claims.every((claim) => claim.claim! < '2025-06-18')).toBe(true)
  })

  it('gives the demo users the groups the tests log in with', () => {
    const admin = data.staff.users.find((user) => user.username === 'admin')!
    const adminGroup = data.staff.authGroups.find((group) => group.name === 'admin')!
    expect(data.staff.authGroupUsers).toContainEqual({ groupId: adminGroup.id, userId: admin.id })
    const adminScopes = data.staff.authGroupScopes.filter((row) => row.groupId === adminGroup.id)
    expect(adminScopes).toHaveLength(data.staff.scopes.length)
    expect(data.staff.authGroups.filter((group) => group.active === false)).toHaveLength(1)
  })

  it('reconciles claim ledgers with the incurred amounts', () => {
    const paid = new Map<string, number>()
    for (const entry of data.claims.claimLedger) {
      const key = `${entry.clid}:${entry.type}`
      paid.set(key, (paid.get(key) ?? 0) + Math.round(Number(entry.amt) * 100))
    }
    for (const claim of data.claims.claims) {
      expect(paid.get(`${claim.clid}:defense`) ?? 0).toBe(Math.round(Number(claim.defense) * 100))
      expect(paid.get(`${claim.clid}:damages`) ?? 0).toBe(Math.round(Number(claim.damages) * 100))
      expect(paid.get(`${claim.clid}:monitor`) ?? 0).toBe(Math.round(Number(claim.monitor) * 100))
    }
  })
})
