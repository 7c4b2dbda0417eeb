import { isoDate } from './calendar'
import { createRng, type Rng } from './prng'

/** Every random choice of the demo data descends from this seed. */
export const SEED = 20_240_601

export interface SeedContext {
  rng: Rng
  /** The reference day (UTC): past records lie before it, upcoming events after it. */
  today: string
  /** Midnight UTC starting `today`. */
  now: Date
  scale: number
  /** A base size at scale 1, scaled; at least 1. */
  count(base: number): number
}

export function createContext(scale: number, reference: Date): SeedContext {
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`Seed scale must be a positive number, got ${scale}`)
  const today = isoDate(reference)
  return {
    rng: createRng(SEED),
    today,
    now: new Date(`${today}T00:00:00Z`),
    scale,
    count: (base) => Math.max(1, Math.round(base * scale)),
  }
}

/** Hands out consecutive ids from a legacy-looking starting number. */
export function idSequence(first: number): () => number {
  let next = first
  return () => next++
}

export function money(value: number): string {
  return value.toFixed(2)
}

/** Rounds to cents, as the database will. */
export function cents(value: number): number {
  return Math.round(value * 100) / 100
}

/** A fictional 10-digit phone number in the 555-0100…0199 range. */
export function phone(rng: Rng, areaCode: string): string {
  return `${areaCode}5550${rng.int(100, 199)}`
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '')
}
