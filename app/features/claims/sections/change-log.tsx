import type { ClaimLogEntry } from '#app/models/claim.server'
import { RecordHistory } from '#app/ui/record-history'
import { Section } from './section'

/** The claim's change log (GET /api/claims/{id}/logs): who changed what, newest first. */
export function ChangeLogSection({ logs }: { logs: ClaimLogEntry[] }) {
  return (
    <Section title="Change Log">
      <RecordHistory rows={logs} what={(log) => `${log.entity === 'claim' ? 'Claim' : 'Ledger'} ${log.action}`} />
    </Section>
  )
}
