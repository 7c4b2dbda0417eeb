import { useHydrated } from '#app/ui/use-hydrated'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Button, Group, Stack, Text, Title } from '#app/ui/core'
import { Form, useNavigation } from '@remix-run/react'
import { FormAlerts } from '#app/ui/form-alerts'
import { constraints as claimConstraints } from '#app/domain/form-constraints/claim'
import {
  BUCKETS,
  CLAIM_DATE_FIELDS,
  MONEY_FIELDS,
  centsToString,
  saveBlocked,
  toCents,
  zeroBlocked,
  type ClaimAmounts,
} from '#app/domain/claims'
import type { ClaimDetail } from '#app/models/claim.server'
import type { ClaimFormValues } from '#app/schemas/claims'
import type { ClaimEditorData } from './editor.server'
import { AmountsSection } from './sections/amounts'
import { ChangeLogSection } from './sections/change-log'
import { CounselSection } from './sections/counsel'
import { DatesCard } from './sections/dates'
import { DetailsSection } from './sections/details'
import { FilesSection } from './sections/files'
import { LedgerSection } from './sections/ledger'
import { PartiesSection } from './sections/parties'
import { PolicySection } from './sections/policy'
import { TextSection } from './sections/text'
import type { ClaimFieldSet } from './sections/types'
import { useServerForm } from '#app/ui/use-server-form'

/** The editor's answers: the one intent shape (a lost race carries the current claim), or Zero's form. */
export interface ClaimEditorAnswer {
  intent: string
  result?: SubmissionResult<string[]> | null
  current?: ClaimDetail | null
  zeroed?: Record<string, unknown> | null
  error?: string
}

const EDITABLE = [
  'pid',
  'carrier',
  'type',
  'adj_cid',
  'adj_plid',
  'def_cid',
  'def_plid',
  'claimant',
  'insdef',
  'othdef',
  'plt_code',
  'def_code',
  'clm_num',
  'state',
  'err_code',
  'insuit',
  'est_size',
  'aop_code',
  'resolved',
  'status',
  'facts',
  'note',
  ...CLAIM_DATE_FIELDS,
  ...MONEY_FIELDS,
] as const

function defaults(claim: ClaimDetail): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = { version: String(claim.version) }
  for (const name of EDITABLE) {
    const value = claim[name]
    values[name] = value === null || value === undefined ? '' : String(value)
  }
  values.insuit = claim.insuit === 'yes' ? 'on' : undefined
  return values
}

/**
 * Edit claim (spec 3 §2.3): Zero and Save in the header, the sections, then files, ledger and log.
 * One Conform form; without JavaScript Zero and Save post it (intent), with JavaScript Zero fills the
 * reserves in place. A save that lost a race shows the current claim and says so.
 */
export function ClaimEditor({ data, answer }: { data: ClaimEditorData; answer: ClaimEditorAnswer | undefined }) {
  // A lost race of Save carries the current claim (a ledger form's answers are the ledger's).
  const current = answer?.intent === 'save' ? answer.current : null
  const claim = current ?? data.claim
  const conflict = current ? answer?.error : null
  const zeroed = answer?.intent === 'zero' ? answer.zeroed : null
  const navigation = useNavigation()
  const [form, fields] = useServerForm<ClaimFormValues>(
    `claim-${claim.clid}-v${claim.version}${zeroed ? '-zeroed' : ''}`,
    claimConstraints,
    {
      // The ledger's forms answer in the same shape; their replies are theirs (LedgerSection), not this form's.
      lastResult: conflict || zeroed || answer?.intent.startsWith('ledger-') ? null : (answer?.result ?? null),
      defaultValue: zeroed
        ? { ...(zeroed as Record<string, string>), version: String(claim.version) }
        : defaults(claim),
    },
  )
  const values = (form.value ?? form.initialValue ?? {}) as Record<string, unknown>
  const busy = navigation.state === 'submitting' && navigation.formAction === `/editClaim/${claim.clid}`
  const f = fields as unknown as ClaimFieldSet

  // With JavaScript Zero fills the reserves in place (the user then saves); the inputs are the form's
  // own (uncontrolled), so they are set and announced like typing.
  const zero = (event: React.MouseEvent<HTMLButtonElement>) => {
    const element = event.currentTarget.form
    if (!element) return
    event.preventDefault()
    for (const bucket of BUCKETS) {
      const cents =
        (toCents(String(values[bucket.incurred] ?? '0')) ?? 0) + (toCents(String(values[bucket.current] ?? '0')) ?? 0)
      const input = element.elements.namedItem(f[bucket.reserve].name)
      if (input instanceof HTMLInputElement) {
        input.value = centsToString(cents)
        input.dispatchEvent(new Event('input', { bubbles: true }))
        input.dispatchEvent(new Event('change', { bubbles: true }))
      }
    }
  }

  return (
    <Stack gap="sm">
      <Form method="post" action={`/editClaim/${claim.clid}`} {...getFormProps(form)} preventScrollReset>
        <input type="hidden" name="version" value={claim.version} />
        <div className="claims-sticky-bar" style={{ top: 0 }}>
          <Group justify="space-between" wrap="wrap">
            <Title order={1} size="h4">
              Claim {claim.clid} · {data.claim.firm.sort}
            </Title>
            <SaveButtons amounts={values as unknown as ClaimAmounts} busy={busy} onZero={zero} />
          </Group>
        </div>
        <Stack gap="sm" mt="xs">
          <FormAlerts conflict={conflict} errors={form.errors} />
          {zeroed ? (
            <Text size="sm" role="status">
              The remaining reserves are zero; Save to keep them.
            </Text>
          ) : null}
          <PolicySection fields={f} lists={data.lists} policies={data.policies} fid={claim.fid} />
          <CounselSection fields={f} values={values} adjusters={data.counsel.adjusters} panel={data.counsel.panel} />
          <PartiesSection fields={f} lists={data.lists} />
          <DetailsSection fields={f} lists={data.lists} firmState={data.claim.firm.state} />
          <DatesCard fields={f} values={values} />
          <AmountsSection fields={f} values={values} />
          <TextSection fields={f} facts={claim.facts} note={claim.note} />
        </Stack>
      </Form>
      <FilesSection files={data.files} />
      <LedgerSection clid={claim.clid} entries={data.ledger} answer={answer} />
      <ChangeLogSection logs={data.logs} />
    </Stack>
  )
}

/**
 * Zero and Save. They are disabled while an amount is below zero (spec 3 §5), which only a browser
 * running the page can re-check as the user types: without JavaScript (and in the server's HTML) they
 * stay enabled and the server refuses the save with the field's message, so a corrected form can be
 * sent. Only these two buttons draw again once the page has hydrated, not the whole editor (decision
 * 0039: the thin client).
 */
function SaveButtons({
  amounts,
  busy,
  onZero,
}: {
  amounts: ClaimAmounts
  busy: boolean
  onZero: (event: React.MouseEvent<HTMLButtonElement>) => void
}) {
  const hydrated = useHydrated()
  return (
    <Group gap="xs">
      <Button
        type="submit"
        name="intent"
        value="zero"
        size="xs"
        variant="default"
        disabled={hydrated && zeroBlocked(amounts)}
        onClick={onZero}
        formNoValidate
      >
        Zero
      </Button>
      <Button
        type="submit"
        name="intent"
        value="save"
        size="xs"
        loading={busy}
        disabled={hydrated && saveBlocked(amounts)}
      >
        Save
      </Button>
    </Group>
  )
}
