import { describe, expect, it } from 'vitest'
import { startBackgroundJobs } from '#app/db/background.server'

describe('background jobs across processes', () => {
  it('run in one holder of the advisory lock at a time; another takes over when it stops', async () => {
    const url = process.env.DATABASE_URL as string
    const runs: string[] = []
    const job = (name: string) => async () => {
      runs.push(name)
    }
    const options = { everyMs: 3_600_000, lockKey: 990_001 }
    const first = startBackgroundJobs(url, job('first'), options)
    expect(await first.ready).toBe(true)
    const second = startBackgroundJobs(url, job('second'), options)
    expect(await second.ready).toBe(false)
    expect(await first.tick()).toBe(true)
    expect(await second.tick()).toBe(false)
    expect(runs).toEqual(['first', 'first'])

    await first.stop()
    expect(await second.tick()).toBe(true)
    expect(runs).toEqual(['first', 'first', 'second'])
    await second.stop()
  })
})
