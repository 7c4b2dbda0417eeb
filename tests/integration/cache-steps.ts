import { expect } from 'vitest'
import { readDataVersion } from '#app/models/data-version.server'
import { testDb } from './db'

/** A write a cache test makes: what it is (named in a failure) and the write. */
export type CacheStep = readonly [what: string, write: () => Promise<unknown>]

/** The answers read through the cache and afresh agree: by default, they are equal. */
const equalWays = (ways: { cached: unknown; fresh: unknown }, what: string) =>
  expect(ways.cached, what).toEqual(ways.fresh)

/**
 * The exact caches' test (decision 0038): the cache's data version (by name) and the answers both ways
 * (`read`: through the cache and afresh). Before the writes, the answers agree (`agree`, equal by default);
 * then each write is read back at once: it moves the version, the answers read through the cache agree with
 * those read afresh, and they differ from the answers before the write (the write is one the cache must see).
 */
export async function expectEachWriteReadBack<Ways extends { cached: unknown; fresh: unknown }>(
  steps: readonly CacheStep[],
  {
    version: name,
    read,
    agree = equalWays,
  }: { version: string; read: () => Promise<Ways>; agree?: (ways: Ways, what: string) => void },
) {
  const version = () => readDataVersion(testDb(), name)
  agree(await read(), 'before the writes')
  for (const [what, write] of steps) {
    const before = await version()
    const previous = await read()
    await write()
    expect(await version(), what).not.toBe(before)
    const after = await read()
    agree(after, what)
    expect(after.cached, what).not.toEqual(previous.cached)
  }
}
