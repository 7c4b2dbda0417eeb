import './claims.css'
import { Stack } from '#app/ui/core'
import type { MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { useState } from 'react'
import { useReloading } from '#app/ui/use-reloading'
import { PageHeader } from '#app/ui/search'
import { ClaimResults } from './results'
import { ClaimSearchForm } from './search-form'
import type { loadClaimsSearch } from './search.server'

export const claimsSearchMeta: MetaFunction = () => [{ title: 'Claims · mga-desk' }]

/** Claims search (spec 3 §2.1): empty, loading and results states; the URL is the search. */
export function ClaimsSearchPage() {
  const data = useLoaderData<typeof loadClaimsSearch>()
  const location = useLocation()
  const loading = useReloading()
  // The form is drawn anew for each search (its defaults are the URL's): the more options the user
  // opened stay open through it, as they would without JavaScript (the loader's `more`).
  const [moreOpened, setMoreOpened] = useState(false)
  return (
    <Stack gap="sm" p="md">
      <PageHeader title="Claims" />
      <ClaimSearchForm
        key={location.search}
        values={data.values}
        lastResult={data.lastResult}
        checked={data.checked}
        picklists={data.picklists}
        counsel={data.counsel}
        moreOpen={data.moreOpen || moreOpened}
        onMoreToggle={setMoreOpened}
        hasResults={data.state.kind === 'results'}
      />
      <div
        aria-busy={loading}
        style={{ opacity: loading ? 0.6 : 1 }}
        data-state={loading ? 'loading' : data.state.kind}
      >
        <ClaimResults data={data} />
      </div>
    </Stack>
  )
}
