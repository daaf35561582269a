// The other half of the cycle a.ts opens, closed through the `~test` alias.
import { fromA } from '~test/lint/probes/cycle/a';

export const fromB = [fromA];
