/**
 * Exact decimal arithmetic for money and rates: values travel as decimal strings (node-postgres
 * returns numeric as text) and are computed as integers (cents, or BigInt at a finer scale), never
 * as binary floating point.
 */

const DECIMAL = /^\s*(-)?(\d*)(?:\.(\d*))?\s*$/

/**
 * A decimal string as an integer count of 10^-scale units, rounding extra digits half away from
 * zero (as PostgreSQL's numeric does). Null for text that is not a plain decimal.
 */
export function parseScaled(text: string | number | null | undefined, scale: number): bigint | null {
  if (text === null || text === undefined) return null
  const source = typeof text === 'number' ? numberToDecimal(text) : text
  const match = DECIMAL.exec(source)
  if (!match) return null
  const [, minus, whole = '', fractionPart = ''] = match
  if (whole === '' && fractionPart === '') return null
  const kept = (fractionPart + '0'.repeat(scale)).slice(0, scale)
  let value = BigInt((whole || '0') + kept)
  const next = fractionPart.charAt(scale)
  if (next !== '' && next >= '5') value += 1n
  return minus && value !== 0n ? -value : value
}

/** Integer units of 10^-scale as a decimal string with at least `minDecimals` decimals. */
export function formatScaled(value: bigint, scale: number, minDecimals = 0): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0')
  const whole = digits.slice(0, digits.length - scale)
  let fractionPart = digits.slice(digits.length - scale)
  while (fractionPart.length > minDecimals && fractionPart.endsWith('0')) fractionPart = fractionPart.slice(0, -1)
  return `${negative ? '-' : ''}${whole}${fractionPart ? `.${fractionPart}` : ''}`
}

/** Dollars (a decimal string) as integer cents; null for blank or malformed text. */
export function toCents(text: string | number | null | undefined): number | null {
  const value = parseScaled(text, 2)
  return value === null ? null : Number(value)
}

/** Integer cents as the decimal string a numeric(…, 2) column takes: 1234.5 dollars is '1234.50'. */
export function centsToDecimal(cents: number): string {
  return formatScaled(BigInt(cents), 2, 2)
}

/** Money as the spec shows it: a dollar sign, thousands separators and two decimals. */
export function formatMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return ''
  const negative = cents < 0
  const [whole, fractionPart] = formatScaled(BigInt(Math.abs(cents)), 2, 2).split('.')
  return `${negative ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fractionPart}`
}

/** A decimal dollar string formatted as money; '' for null. */
export function formatDecimalMoney(text: string | null | undefined): string {
  return formatMoney(toCents(text))
}

/** Sums decimal dollar strings exactly; null entries count as 0. */
export function sumDecimals(values: readonly (string | null | undefined)[]): string {
  return centsToDecimal(values.reduce((sum, value) => sum + (toCents(value) ?? 0), 0))
}

function numberToDecimal(value: number): string {
  // Numbers only reach here from typed test data or JSON bodies; toString never uses exponent
  // notation for the magnitudes money has, and the exact text is what the user typed.
  if (!Number.isFinite(value)) return 'NaN'
  const text = String(value)
  return /e/i.test(text) ? value.toFixed(20) : text
}
