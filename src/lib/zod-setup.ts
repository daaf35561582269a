// zod's JIT probes `new Function`, which a strict CSP (no 'unsafe-eval') reports as a violation
// even though zod catches it. The portal runs jitless: same results, no eval.
//
// The setting must be in place before any schema is built, and the first page carries no zod (the
// schemas load with the pages that need them). zod keeps its settings on this global, shared by every
// copy of zod and read when zod first loads, so setting it here costs no bytes; zod-setup.test.ts
// checks that zod still reads it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// Changed in place: if zod has already loaded, it holds this very object.
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
