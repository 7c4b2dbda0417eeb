import { getDb } from '#app/db/client.server'
import { apiRoute } from '#app/http/api-route.server'
import { availableSigners } from '#app/models/note.server'

/** GET /api/users/signers: the enabled users who may sign an email (the editor's From), with their long names. */
const api = apiRoute('/api/users/signers', {
  GET: async () => {
    const signers = await availableSigners(getDb())
    return signers.map((signer) => ({ username: signer.username, long_name: signer.longName, email: signer.email }))
  },
})

export const loader = api.loader
export const action = api.action
