/**
 * Rates as a screen types them (a percent from 0 to 100) and as they are stored (a fraction, percent / 100,
 * with six decimals), exact in integers. Each screen keeps its own number of percent decimals: a policy's
 * commissions and Producer Rates two (spec 3 §5: the fraction rounded to four decimals), MGA Rates three,
 * tax rates four.
 */
import { formatScaled, parseScaled } from './money'

/** How many decimals of a percent a screen keeps (a fraction's six decimals hold four). */
export type PercentDecimals = 2 | 3 | 4

/** Ten-thousandths of a percent (millionths of the fraction) in one unit of the screen's last decimal. */
const unitOf = (decimals: PercentDecimals) => 10n ** BigInt(4 - decimals)

/**
 * A typed percent as the stored fraction, rounded half up to the screen's decimals and written with six
 * (22.12345 at two decimals: '0.221200'); null for text that is not a number from 0 to 100.
 */
export function percentToFraction(percent: string, decimals: PercentDecimals): string | null {
  const exact = parseScaled(percent, 6)
  if (exact === null || exact < 0n || exact > 100_000_000n) return null
  return formatScaled(parseScaled(percent, decimals)! * unitOf(decimals), 6, 6)
}

/** A stored fraction ('0.271250') as a percent with at most `decimals` decimals, rounded half up ('27.125'); '' for none. */
export function fractionToPercent(fraction: string | number | null | undefined, decimals: PercentDecimals = 4): string {
  const micro = parseScaled(fraction ?? null, 6)
  if (micro === null) return ''
  const unit = unitOf(decimals)
  return formatScaled((micro + unit / 2n) / unit, decimals)
}
