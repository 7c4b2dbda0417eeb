import { describe, expect, it } from 'vitest'
import { createRng, mulberry32 } from './prng'

describe('mulberry32', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = mulberry32(20240601)
    const b = mulberry32(20240601)
    const first = Array.from({ length: 1000 }, () => a())
    expect(Array.from({ length: 1000 }, () => b())).toEqual(first)
  })

  it('is pinned: a changed algorithm would silently change every demo record', () => {
    const next = mulberry32(1)
    expect([next(), next(), next()].map((x) => x.toFixed(10))).toEqual(['0.6270739406', '0.0027357212', '0.5274470400'])
  })

  it('differs between seeds and stays in [0, 1)', () => {
    const a = mulberry32(1)
    const b = mulberry32(2)
    const xs = Array.from({ length: 10_000 }, () => a())
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true)
    expect(xs.slice(0, 5)).not.toEqual(Array.from({ length: 5 }, () => b()))
  })
})

describe('createRng', () => {
  it('draws the same values for the same seed through every helper', () => {
    const draw = () => {
      const rng = createRng(42)
      return {
        ints: Array.from({ length: 50 }, () => rng.int(1, 6)),
        pick: rng.pick(['a', 'b', 'c']),
        weighted: rng.weighted([
          ['x', 1],
          ['y', 3],
        ] as const),
        sample: rng.sample([1, 2, 3, 4, 5, 6, 7], 3),
        amount: rng.amount(1000, 5000, 50),
        digits: rng.digits(9),
        forked: rng.fork('firms').int(0, 1_000_000),
      }
    }
    expect(draw()).toEqual(draw())
  })

  it('keeps int within bounds, inclusive at both ends', () => {
    const rng = createRng(7)
    const seen = new Set(Array.from({ length: 2000 }, () => rng.int(3, 5)))
    expect([...seen].sort()).toEqual([3, 4, 5])
  })

  it('gives forks independent of how much the parent has drawn', () => {
    const a = createRng(9)
    const b = createRng(9)
    b.next()
    b.next()
    expect(a.fork('notes').next()).toBe(b.fork('notes').next())
    expect(a.fork('notes').next()).not.toBe(a.fork('claims').next())
  })

  it('samples distinct items and shuffles without losing any', () => {
    const rng = createRng(3)
    const items = Array.from({ length: 20 }, (_, i) => i)
    const sample = rng.sample(items, 8)
    expect(new Set(sample).size).toBe(8)
    expect(rng.shuffle(items).sort((x, y) => x - y)).toEqual(items)
  })

  it('resumes at a saved state with the same draws, forks included (the seed replays a firm this way)', () => {
    const rng = createRng(11)
    rng.next()
    const saved = rng.state()
    const ahead = Array.from({ length: 20 }, () => rng.int(0, 1000))
    const resumed = createRng(11).at(saved)
    expect(Array.from({ length: 20 }, () => resumed.int(0, 1000))).toEqual(ahead)
    expect(resumed.fork('x').next()).toBe(createRng(11).fork('x').next())
  })

  it('picks by sampleIndexes what sample picks, with the same draws after', () => {
    for (const [length, n] of [
      [20, 8],
      [5, 9],
      [1, 1],
      [0, 3],
      [1000, 40],
    ] as const) {
      const items = Array.from({ length }, (_, i) => `item ${i}`)
      const a = createRng(5)
      const b = createRng(5)
      expect([...a.sampleIndexes(length, n)].map((i) => items[i])).toEqual(b.sample(items, n))
      expect(a.next()).toBe(b.next())
    }
  })
})
