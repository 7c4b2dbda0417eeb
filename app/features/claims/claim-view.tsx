import { Group, Text, Title } from '#app/ui/core'
import { PrintButton } from '#app/ui/print-button'
import type { ReactNode } from 'react'
import { formatDisplayDate } from '#app/domain/dates'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { formatMoney, formatRemaining, insuitLabel, remainingCents } from '#app/domain/claims'
import type { ClaimDetail, LedgerEntry } from '#app/models/claim.server'
import { AmountsGrid } from './amounts-grid'

type Names = Record<string, Record<string, string>>

const LEDGER_COLUMNS: readonly DataColumn<LedgerEntry>[] = [
  { key: 'dated', label: 'Date', nowrap: true, render: (entry) => formatDisplayDate(entry.dated) },
  { key: 'type', label: 'Type' },
  { key: 'acct', label: 'Account' },
  { key: 'payee', label: 'Paid to' },
  { key: 'num', label: 'Number' },
  { key: 'amt', label: 'Amount', money: true, render: (entry) => formatMoney(entry.amt) },
]

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}:</dt>
      <dd>{children}</dd>
    </div>
  )
}

const coded = (names: Names, list: string, value: string | null) =>
  value
    ? `${names[list]?.[value] ?? value}${names[list]?.[value] && names[list][value] !== value ? ` (${value})` : ''}`
    : ''

/**
 * The read-only, printable claim summary (spec 3 §2.2): every section of the claim on Letter pages;
 * dates DD MMM YYYY, money with $ and separators, a negative remaining reserve '--'.
 */
export function ClaimView({ claim, names, ledger }: { claim: ClaimDetail; names: Names; ledger: LedgerEntry[] }) {
  const date = (value: string | null) => formatDisplayDate(value)
  return (
    <article className="claim-view" aria-labelledby="claim-view-title">
      <Group justify="space-between" className="claim-view-actions" mb="xs">
        <Text size="sm" c="dimmed">
          Printed summary of claim {claim.clid}
        </Text>
        <PrintButton />
      </Group>
      <Title order={1} size="h3" id="claim-view-title">
        Claim {claim.clid}
        {claim.clm_num ? ` · ${claim.clm_num}` : ''} — {claim.firm.sort}
      </Title>
      <section>
        <h2>Policy</h2>
        <dl>
          <Field label="Firm ID">{claim.fid}</Field>
          <Field label="Policy">
            {claim.policy ? `${claim.policy.pid}${claim.policy.polnum ? ` (${claim.policy.polnum})` : ''}` : ''}
          </Field>
          <Field label="Insured">{claim.policy?.insured ?? claim.firm.insured}</Field>
          <Field label="Carrier">{coded(names, 'carrier', claim.carrier)}</Field>
          <Field label="Type">{coded(names, 'ptype', claim.type)}</Field>
          <Field label="Policy Term">
            {claim.policy ? `${date(claim.policy.incept)} – ${date(claim.policy.expiry)}` : ''}
          </Field>
        </dl>
      </section>
      <section>
        <h2>Counsel</h2>
        <dl>
          <Field label="Claims Handler">{claim.names.adj_cid ?? ''}</Field>
          <Field label="Claims Counsel">{claim.names.adj_plid ?? ''}</Field>
          <Field label="Defense Firm">{claim.names.def_cid ?? ''}</Field>
          <Field label="Defense Counsel">{claim.names.def_plid ?? ''}</Field>
        </dl>
      </section>
      <section>
        <h2>Parties</h2>
        <dl>
          <Field label="Claimant">{claim.claimant ?? ''}</Field>
          <Field label="Plaintiff Code">{coded(names, 'plt_code', claim.plt_code)}</Field>
          <Field label="Insured Defendants">{claim.insdef ?? ''}</Field>
          <Field label="Defendant Code">{coded(names, 'def_code', claim.def_code)}</Field>
          <Field label="Other Defendants">{claim.othdef ?? ''}</Field>
        </dl>
      </section>
      <section>
        <h2>Claim Details</h2>
        <dl>
          <Field label="Claim Number">{claim.clm_num ?? ''}</Field>
          <Field label="Claim State">{claim.state ?? ''}</Field>
          <Field label="Firm State">{claim.firm.state ?? ''}</Field>
          <Field label="Error Type">{coded(names, 'err_code', claim.err_code)}</Field>
          <Field label="In Suit">{insuitLabel(claim.insuit)}</Field>
        </dl>
      </section>
      <section>
        <h2>More Details</h2>
        <dl>
          <Field label="Estate Size">{formatMoney(claim.est_size)}</Field>
          <Field label="AOP">{coded(names, 'aop_code', claim.aop_code)}</Field>
          <Field label="Resolution">
            {claim.resolved === 'judgement' ? 'Judgement' : claim.resolved === 'settlement' ? 'Settlement' : ''}
          </Field>
          <Field label="Status">{coded(names, 'clmstatus', claim.status)}</Field>
        </dl>
      </section>
      <section>
        <h2>Claim Dates and Handling Dates</h2>
        <dl>
          <Field label="Engaged">{date(claim.engaged)}</Field>
          <Field label="Error">{date(claim.error)}</Field>
          <Field label="Claim">{date(claim.claim)}</Field>
          <Field label="Report">{date(claim.report)}</Field>
          <Field label="Claims Acknowledged">{date(claim.clm_ack)}</Field>
          <Field label="First Report">{date(claim.first_rep)}</Field>
          <Field label="Last Report">{date(claim.last_rep)}</Field>
          <Field label="Close">{date(claim.close)}</Field>
        </dl>
      </section>
      <section>
        <h2>Amounts</h2>
        <AmountsGrid
          cell={(field) => formatMoney(claim[field])}
          remaining={(bucket) => formatRemaining(remainingCents(claim, bucket))}
        />
      </section>
      <section>
        <h2>Facts</h2>
        <div className="claim-text rendered-html" dangerouslySetInnerHTML={{ __html: claim.facts ?? '' }} />
      </section>
      <section>
        <h2>Note</h2>
        <div className="claim-text rendered-html" dangerouslySetInnerHTML={{ __html: claim.note ?? '' }} />
      </section>
      {ledger.length ? (
        <section>
          <h2>Ledger</h2>
          <DataTable label="Ledger" columns={LEDGER_COLUMNS} rows={ledger} rowKey={(entry) => entry.id} />
        </section>
      ) : null}
    </article>
  )
}
