// Linted with the project's import-x/no-cycle: types-a.ts takes only types from types-b.ts
// (`import type`, inline `type`), so the value import back is no cycle at run time.
import type { FromB } from './types-b';
import { type FromBToo } from './types-b';

export interface FromA {
  b?: FromB;
  bToo?: FromBToo;
}
export const typesA = 'types-a';
