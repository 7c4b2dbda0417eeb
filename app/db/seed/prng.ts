/**
 * A small seeded pseudo-random generator (mulberry32) so the demo data is the same on every machine
 * and every run. Not for anything secret.
 */
export function mulberry32(seed: number): () => number {
  return mulberry32State(seed).next
}

/** mulberry32 with its whole state (one 32-bit number) readable, so a run can be resumed from any point. */
function mulberry32State(seed: number): { next: () => number; state: () => number } {
  let state = seed >>> 0
  return {
    next: () => {
      state = (state + 0x6d2b79f5) >>> 0
      let t = state
      t = Math.imul(t ^ (t >>> 15), t | 1)
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    },
    state: () => state,
  }
}

export interface Rng {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number
  /** True with probability p. */
  chance(p: number): boolean
  pick<T>(items: readonly T[]): T
  /** Picks by relative weight: [[value, weight], …]. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T
  /** n distinct items in random order (all of them when n exceeds the length). */
  sample<T>(items: readonly T[], n: number): T[]
  shuffle<T>(items: readonly T[]): T[]
  /**
   * The positions `sample` would pick from a list of `length` items, with the same draws, without
   * the list: a large seed keeps a few bytes per item instead of the items.
   */
  sampleIndexes(length: number, n: number): Int32Array
  /** A dollar amount in [min, max] rounded to `step` dollars. */
  amount(min: number, max: number, step?: number): number
  /** n random decimal digits. */
  digits(n: number): string
  /** An independent generator, so one domain's draws do not shift another's when it changes. */
  fork(label: string): Rng
  /** Where the generator is now: `at(state())` later draws what this one draws next. */
  state(): number
  /** A generator of the same seed (and forks) resumed at a state read with `state()`. */
  at(state: number): Rng
}

/** FNV-1a, to turn a label into a seed. */
function hashLabel(label: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

export function createRng(seed: number, state = seed): Rng {
  const generator = mulberry32State(state)
  const next = generator.next
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const rng: Rng = {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list')
      return items[int(0, items.length - 1)]
    },
    weighted: (entries) => {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0)
      let roll = next() * total
      for (const [value, weight] of entries) {
        roll -= weight
        if (roll < 0) return value
      }
      return entries[entries.length - 1][0]
    },
    shuffle: (items) => {
      const copy = [...items]
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i)
        ;[copy[i], copy[j]] = [copy[j], copy[i]]
      }
      return copy
    },
    sample: (items, n) => rng.shuffle(items).slice(0, n),
    sampleIndexes: (length, n) => {
      const positions = new Int32Array(length)
      for (let i = 0; i < length; i++) positions[i] = i
      // The same Fisher–Yates walk as shuffle, so the draws and the picks are the same.
      for (let i = length - 1; i > 0; i--) {
        const j = int(0, i)
        const swap = positions[i]
        positions[i] = positions[j]
        positions[j] = swap
      }
      return positions.slice(0, Math.max(0, Math.min(n, length)))
    },
    amount: (min, max, step = 1) => Math.round(int(min, max) / step) * step,
    digits: (n) => Array.from({ length: n }, () => String(int(0, 9))).join(''),
    fork: (label) => createRng((seed ^ hashLabel(label)) >>> 0),
    state: generator.state,
    at: (state) => createRng(seed, state),
  }
  return rng
}
