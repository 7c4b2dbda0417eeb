import { describe, expect, it } from 'vitest'
import { serverSettings } from './embedded.server'

const GB = 1024 ** 3

describe('the embedded server settings', () => {
  it('give shared buffers an eighth of the memory between 128 MB and 1 GB, and price page reads for memory and SSD', () => {
    expect(serverSettings(24 * GB)).toEqual([
      '-c',
      'shared_buffers=1024MB',
      '-c',
      'effective_cache_size=12288MB',
      '-c',
      'random_page_cost=1.1',
    ])
    expect(serverSettings(4 * GB)).toEqual([
      '-c',
      'shared_buffers=512MB',
      '-c',
      'effective_cache_size=2048MB',
      '-c',
      'random_page_cost=1.1',
    ])
    expect(serverSettings(0.5 * GB)).toEqual([
      '-c',
      'shared_buffers=128MB',
      '-c',
      'effective_cache_size=512MB',
      '-c',
      'random_page_cost=1.1',
    ])
  })
})
