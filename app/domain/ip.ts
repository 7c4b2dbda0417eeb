/**
 * Per-user IP restrictions: patterns such as 192.168.*.* where each part is a number or *. No
 * patterns means any address. IPv4-mapped IPv6 addresses (::ffff:1.2.3.4) are compared as IPv4.
 */
export function ipAllowed(patterns: readonly string[], address: string): boolean {
  const active = patterns.map((p) => p.trim()).filter(Boolean)
  if (active.length === 0) return true
  const ip = address.startsWith('::ffff:') ? address.slice(7) : address === '::1' ? '127.0.0.1' : address
  const parts = ip.split('.')
  if (parts.length !== 4) return false
  return active.some((pattern) => {
    const pieces = pattern.split('.')
    return pieces.length === 4 && pieces.every((piece, i) => piece === '*' || piece === parts[i])
  })
}

export const IP_PATTERN = /^(\*|\d{1,3})\.(\*|\d{1,3})\.(\*|\d{1,3})\.(\*|\d{1,3})$/
