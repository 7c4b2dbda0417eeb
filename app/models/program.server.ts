import { asc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '#app/db/client.server'
import { contacts, programs } from '#app/db/schema'

/**
 * Underwriting programs (spec 3 §3, GET /api/programs): who takes each fee and commission and who
 * collects the taxes on a program's policies. A few dozen rows; the spec's page size is 10,000.
 */

export type ProgramRow = typeof programs.$inferSelect

export interface ProgramOption {
  prid: number
  name: string | null
  mgaid: number | null
  proid: number | null
  depid: number | null
  subid: number | null
  srcid: number | null
  spnid: number | null
  doiid: number | null
  slaid: number | null
  tax_type: string | null
  mga: string | null
  producer: string | null
  sponsor: string | null
  doi: string | null
  sla: string | null
}

export async function listPrograms(db: DbOrTx): Promise<ProgramOption[]> {
  const mga = alias(contacts, 'mga')
  const pro = alias(contacts, 'pro')
  const spn = alias(contacts, 'spn')
  const doi = alias(contacts, 'doi')
  const sla = alias(contacts, 'sla')
  return db
    .select({
      prid: programs.prid,
      name: programs.name,
      mgaid: programs.mgaid,
      proid: programs.proid,
      depid: programs.depid,
      subid: programs.subid,
      srcid: programs.srcid,
      spnid: programs.spnid,
      doiid: programs.doiid,
      slaid: programs.slaid,
      tax_type: programs.tax_type,
      mga: mga.sort,
      producer: pro.sort,
      sponsor: spn.sort,
      doi: doi.sort,
      sla: sla.sort,
    })
    .from(programs)
    .leftJoin(mga, eq(mga.cid, programs.mgaid))
    .leftJoin(pro, eq(pro.cid, programs.proid))
    .leftJoin(spn, eq(spn.cid, programs.spnid))
    .leftJoin(doi, eq(doi.cid, programs.doiid))
    .leftJoin(sla, eq(sla.cid, programs.slaid))
    .orderBy(asc(programs.mgaid), asc(programs.proid), asc(programs.spnid), asc(programs.prid))
    .limit(10_000)
}

export async function getProgram(db: DbOrTx, prid: number): Promise<ProgramRow | null> {
  const [row] = await db.select().from(programs).where(eq(programs.prid, prid))
  return row ?? null
}
