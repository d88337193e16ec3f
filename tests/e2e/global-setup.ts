import { buildOnce, seededTemplate } from '../test-server.ts'

/** Builds the production bundle and finds the seeded data directory every test server starts from a copy of. */
export default async function globalSetup() {
  buildOnce()
  process.env.LAMPSTAND_TEMPLATE_DIR = await seededTemplate()
}
