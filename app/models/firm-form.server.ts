import type { EditableFirm } from '#app/features/firms/firm-form'
import type { Firm } from './firm.server'

/** The firm as the Edit Firm form reads it (timestamps left out, so loader data stays plain). */
export function editableFirm(firm: Firm): EditableFirm {
  const { createdAt: _created, updatedAt: _updated, ...rest } = firm
  return rest
}
