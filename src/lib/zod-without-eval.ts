import { z } from 'zod';

// Zod compiles object parsers with `new Function` when it may; the portal's CSP forbids eval, and
// even zod's probe for it would be reported as a violation. vite.config.ts puts this module in
// zod's own chunk, so it runs as soon as zod does, before any other chunk builds a schema.
z.config({ jitless: true });
