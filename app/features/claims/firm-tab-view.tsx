import { lazy } from 'react'
import { firmTabView, type FirmTabProps } from '#app/ui/firm-tab'
import type { FirmClaimsTabData } from './firm-tab.server'

/** The firm viewer's Claims tab (its code loads only on its pages; the server renders it in place). */
export const claimsTabView = firmTabView(
  'Claims',
  lazy(() =>
    import('./firm-tab').then(({ default: FirmClaimsTab }) => ({
      default: ({ fid, data }: FirmTabProps<FirmClaimsTabData>) => <FirmClaimsTab fid={fid} claims={data} />,
    })),
  ),
)
