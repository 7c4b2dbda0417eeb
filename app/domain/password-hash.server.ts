import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2'

// Algorithm.Argon2id. The package declares Algorithm as an ambient const enum, which isolatedModules
// (Vite, tsx) cannot inline, so the value is spelled out.
const ARGON2ID: Algorithm = 2

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): about 85 ms per hash on the target machines.
const OPTIONS: Options = { algorithm: ARGON2ID, timeCost: 2, memoryCost: 19456, parallelism: 1 }

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS)
}

/** False for a wrong password; throws only for a malformed hash. */
export function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  return verify(passwordHash, plain)
}
