import { generateClaims } from './claims'
import type { SeedContext } from './context'
import { generateDirectory } from './directory'
import { generateFiles } from './files.server'
import { generateLists } from './lists'
import { generateNotes } from './notes'
import { generatePolicies } from './policies'
import { generateRates } from './rates'
import { generateStaff } from './staff'

/**
 * Every row of the demo data, built in memory without a database. Each domain draws from its own
 * fork of the seeded generator, so changing one domain leaves the others' rows as they were.
 */
export function generateDemoData(ctx: SeedContext, passwordHashes: ReadonlyMap<string, string>) {
  const staff = generateStaff(ctx, passwordHashes)
  const lists = generateLists()
  const directory = generateDirectory(ctx)
  const rates = generateRates(directory, lists)
  const underwriting = generatePolicies(ctx, directory, rates)
  const claims = generateClaims(ctx, directory, underwriting.policyInfo)
  const notes = generateNotes(ctx, directory, underwriting.policyInfo)
  const files = generateFiles(ctx, directory, notes, underwriting.policyInfo, claims.claimInfo)
  return { staff, lists, directory, rates, underwriting, claims, notes, files }
}

export type DemoData = ReturnType<typeof generateDemoData>
