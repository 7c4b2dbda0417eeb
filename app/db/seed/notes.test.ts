import { describe, expect, it } from 'vitest'
import { isClosed, JOB_KINDS, jobKindsOf, NOTE_STATUS_LIST } from '#app/domain/notes'
import { addDays, isWeekday } from './calendar'
import * as schema from '#app/db/schema'
import { createContext } from './context'
import { collectDemoData } from './generate.server'
import { JOB_STAFF, STAFF } from './staff'

const TODAY = new Date('2025-06-18T10:00:00Z')
const HASHES = new Map(STAFF.map((staff) => [staff.password, `hash-of-${staff.password}`]))
const generate = (scale: number) => collectDemoData(createContext(scale, TODAY), HASHES)
const OPEN_STATUSES = NOTE_STATUS_LIST.filter((status) => !isClosed(status))
const WORKERS = JOB_STAFF.map(([username]) => username)

function jobsOf(data: ReturnType<typeof generate>, staff: string | null) {
  const ctx = createContext(1, TODAY)
  const firmStatus = new Map(data.rows(schema.firms).map((firm) => [firm.fid, firm.status]))
  return data
    .rows(schema.notes)
    .filter((note) => note.staff === staff && !isClosed(note.status))
    .map((note) => ({
      ...note,
      kinds: jobKindsOf(
        { type: note.type, due: note.due ?? null, firmStatus: note.fid ? (firmStatus.get(note.fid) ?? null) : null },
        ctx.today,
      ),
    }))
}

describe('demo job queues', () => {
  const data = generate(1)
  const small = generate(0.05)

  it('gives every demo worker a realistic open queue of every job kind and every open status, at any scale', () => {
    expect(WORKERS).toEqual([
      'underwriter',
      'mkent',
      'jrivera',
      'dokafor',
      'claims',
      'apatel',
      'tnguyen',
      'accounting',
      'bwalsh',
      'admin',
    ])
    for (const sample of [data, small]) {
      for (const username of WORKERS) {
        const jobs = jobsOf(sample, username)
        expect(new Set(jobs.flatMap((job) => job.kinds)), username).toEqual(new Set(JOB_KINDS))
        expect(new Set(jobs.map((job) => job.status)), username).toEqual(new Set(OPEN_STATUSES))
      }
    }
    for (const username of WORKERS) {
      const jobs = jobsOf(data, username)
      expect(jobs.length, username).toBeGreaterThanOrEqual(15)
      expect(jobs.length, username).toBeLessThanOrEqual(50)
      // A few pressing ones, not a wall of red.
      const pressing = jobs.filter((job) => job.status === 'xtreme' || job.status === 'urgent').length
      expect(pressing, username).toBeGreaterThanOrEqual(2)
      expect(pressing / jobs.length, username).toBeLessThan(0.4)
    }
  })

  it('keeps a pool of unassigned open notes on various firms for Next Job', () => {
    const pool = jobsOf(data, null)
    expect(pool.length).toBeGreaterThanOrEqual(20)
    expect(pool.length).toBeLessThanOrEqual(40)
    expect(pool.every((note) => note.fid !== null && note.fid !== undefined)).toBe(true)
    expect(new Set(pool.map((note) => note.fid)).size).toBeGreaterThanOrEqual(15)
    expect(pool.some((note) => note.status === 'xtreme')).toBe(true)
    expect(pool.some((note) => note.status === 'urgent')).toBe(true)
    expect(pool.filter((note) => note.due).length).toBeGreaterThanOrEqual(3)
    const smallPool = jobsOf(small, null)
    expect(smallPool.map((note) => note.status)).toEqual(expect.arrayContaining(['xtreme', 'urgent']))
    // Only news, events and appointments may be unassigned and closed-less without a firm; the pool never is.
    expect(data.rows(schema.notes).filter((note) => note.staff === null && isClosed(note.status))).toEqual([])
  })

  it('gives underwriter an open email out note to a firm person with an email address', () => {
    const people = new Map(data.rows(schema.people).map((person) => [person.plid, person]))
    const emails = jobsOf(data, 'underwriter').filter((note) => note.type === 'email out')
    const ready = emails.filter((note) => {
      const person = note.plid ? people.get(note.plid) : undefined
      const recipient = data.rows(schema.noteRecipients).find((row) => row.nid === note.nid && row.to)
      return person?.email && person.fid === note.fid && recipient?.plid === person.plid && note.to === person.email
    })
    expect(ready.length).toBeGreaterThanOrEqual(1)
  })

  it('keeps the firm history ids: nids are unique and consecutive from 100001, tranlog ids too', () => {
    const nids = data.rows(schema.notes).map((note) => note.nid!)
    expect(nids[0]).toBe(100_001)
    expect(nids.every((nid, index) => nid === 100_001 + index)).toBe(true)
    const ids = data.rows(schema.tranlogs).map((log) => log.id!)
    expect(ids.every((id, index) => id === index + 1)).toBe(true)
    expect(new Set(data.rows(schema.noteRecipients).map((row) => `${row.nid}:${row.plid}`)).size).toBe(
      data.rows(schema.noteRecipients).length,
    )
  })
})

describe('demo bulletins', () => {
  const data = generate(1)
  const ctx = createContext(1, TODAY)
  const of = (type: string) => data.rows(schema.notes).filter((note) => note.type === type)

  it('has news of every tile status, recent and upcoming, some assigned to each demo worker', () => {
    const news = of('news')
    expect(new Set(news.map((note) => note.status))).toEqual(new Set(['normal', 'urgent', 'xtreme', 'done']))
    expect(news.some((note) => note.dated! > ctx.now)).toBe(true)
    expect(
      news.some((note) => note.dated! < ctx.now && note.dated! > new Date(ctx.now.getTime() - 7 * 86_400_000)),
    ).toBe(true)
    for (const username of WORKERS) {
      expect(
        news.some((note) => note.staff === username && !isClosed(note.status)),
        username,
      ).toBe(true)
      expect(
        news.some((note) => note.staff === username && note.status === 'done'),
        username,
      ).toBe(true)
    }
  })

  it('has events and appointments in the coming weeks for each demo worker, on working days', () => {
    const soon = (note: { dated?: Date | null }) =>
      note.dated! >= ctx.now && note.dated! < new Date(`${addDays(ctx.today, 60)}T00:00:00Z`)
    for (const username of WORKERS) {
      expect(
        of('event').some((note) => note.staff === username && soon(note)),
        username,
      ).toBe(true)
      const appts = of('appt').filter((note) => note.staff === username && soon(note))
      expect(appts.length, username).toBeGreaterThanOrEqual(2)
      expect(
        appts.every((note) => isWeekday(note.due!)),
        username,
      ).toBe(true)
      expect(appts.every((note) => note.fid && note.re)).toBe(true)
    }
  })
})
