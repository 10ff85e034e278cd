import { z } from 'zod';

// Zod compiles object parsers with `new Function` when it may; the portal's CSP forbids eval, and
// even zod's probe for it would be reported as a violation. index.html runs this module on its own
// before main.tsx: an import at the top of main.tsx would run only after the chunks main.tsx
// imports, whose schemas would already have probed.
z.config({ jitless: true });
