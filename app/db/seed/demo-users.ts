// Sign-ins of the demo data, printed by the server on first start and used by the tests' login
// fixture. Plain data: no server-only imports, so browser-side and test code may import it.

export interface DemoUser {
  username: string
  password: string
  /** What the account is for, as printed next to the sign-in. */
  role: string
  /** The auth groups the account belongs to. */
  groups: string[]
}

export const DEMO_USERS: DemoUser[] = [
  { username: 'admin', password: 'admin-demo-1', role: 'Administrator (every scope)', groups: ['admin'] },
  { username: 'underwriter', password: 'underwriter-demo-1', role: 'Underwriter', groups: ['underwriting'] },
  { username: 'claims', password: 'claims-demo-1', role: 'Claims handler', groups: ['claims'] },
  { username: 'accounting', password: 'accounting-demo-1', role: 'Accounting', groups: ['accounting'] },
  { username: 'readonly', password: 'readonly-demo-1', role: 'Read-only (view scopes)', groups: ['readonly'] },
]

export type DemoRole = 'admin' | 'underwriter' | 'claims' | 'accounting' | 'readonly'

export function demoUser(username: DemoRole): DemoUser {
  const user = DEMO_USERS.find((candidate) => candidate.username === username)
  if (!user) throw new Error(`No demo user ${username}`)
  return user
}
