// Linted with the project's import-x/no-cycle: a.ts and b.ts import each other (b.ts by alias).
import { fromB } from './b';

export const fromA = () => fromB.length;
