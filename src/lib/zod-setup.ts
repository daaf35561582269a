import { z } from 'zod';

// zod's JIT probes `new Function`, which a strict CSP (no 'unsafe-eval') reports as a violation
// even though zod catches it. The portal runs jitless: same results, no eval.
z.config({ jitless: true });
