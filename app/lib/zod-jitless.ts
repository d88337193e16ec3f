import { z } from 'zod'

// NOTE: zod probes `new Function` when its first object schema is built, to decide whether to compile fast
// parsers. Our CSP forbids eval, so in a browser the probe is reported as a CSP violation on every admin page
// that validates forms. Form-sized input needs no compiled parser: in the browser, zod runs without them.
// This module must be evaluated before any schema module: app/schemas/fields.ts (which every kind's schema
// imports), account.ts and settings.ts import it first, and so does the admin layout.
if (typeof document !== 'undefined') z.config({ jitless: true })
