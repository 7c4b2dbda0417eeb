import { getDb } from '#app/db/client.server'
import type { ApiHandlers } from '#app/http/api-route.server'
import { contractPickerList } from '#app/models/contract.server'

/**
 * POST /api/contracts (spec 3 §7): id and contract of every binding contract, by name, after the
 * empty entry ({ id: 0, contract: '' }) the report pickers skip. bordereau-view or report-view.
 */
export const contractsApi: ApiHandlers = {
  POST: () => contractPickerList(getDb()),
}
