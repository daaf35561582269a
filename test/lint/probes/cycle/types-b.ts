// The other half of types-a.ts: the one value import between the two.
import { typesA, type FromA } from './types-a';

export type FromB = { a?: FromA };
export type FromBToo = FromB;
export const typesB = [typesA];
