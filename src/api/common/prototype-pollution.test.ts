import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { FileRecordSchema } from '@telehealth/client/files/schemas';
import { RoomSchema } from '@telehealth/client/rooms/schemas';
import { UserSchema } from '@telehealth/client/users/schemas';
import { VisitSchema } from '@telehealth/client/visits/schemas';
import { db } from '@telehealth/mock/db';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

/**
 * RELIABILITY case 27: API bodies with `__proto__`, `constructor.prototype` and look-alike keys,
 * at any depth, never change a prototype. Real records from the mock's seed are the base.
 */
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

function samples(): [string, z.ZodType, unknown][] {
  return [
    ['user', UserSchema, db.users.get(SEED_USERS.patient)],
    ['visit', VisitSchema, [...db.visits.values()][0]],
    ['file', FileRecordSchema, [...db.files.values()][0]],
    ['room', RoomSchema, [...db.rooms.values()].find((r) => r.code === 'after-hours')],
  ];
}

/** The JSON text a server would send, with a hostile key planted at a chosen object inside. */
function plant(record: unknown, key: string, depth: number): string {
  const copy = JSON.parse(JSON.stringify(record)) as Record<string, unknown>;
  let target: Record<string, unknown> = copy;
  for (let i = 0; i < depth; i += 1) {
    const next = Object.values(target).find((v) => v && typeof v === 'object' && !Array.isArray(v));
    if (!next) break;
    target = next as Record<string, unknown>;
  }
  const marker = '"__planted__":0';
  target.__planted__ = 0;
  const payload = key === 'constructor' ? '{"prototype":{"polluted":"yes"}}' : '{"polluted":"yes"}';
  return JSON.stringify(copy).replace(marker, `${JSON.stringify(key)}:${payload}`);
}

afterEach(() => {
  delete (Object.prototype as Record<string, unknown>).polluted;
});

describe('hostile keys in API bodies (case 27)', () => {
  it('never pollute a prototype or reach the parsed data through one', () => {
    const cases = samples();
    for (const [name, , record] of cases) expect(record, name).toBeDefined();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: cases.length - 1 }),
        fc.constantFrom(...HOSTILE_KEYS),
        fc.integer({ min: 0, max: 3 }),
        (index, key, depth) => {
          const [, schema, record] = cases[index]!;
          const parsed = schema.safeParse(JSON.parse(plant(record, key, depth)));
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
          if (!parsed.success) return;
          const walk = (value: unknown) => {
            if (!value || typeof value !== 'object') return;
            if (!Array.isArray(value)) {
              expect([Object.prototype, null]).toContain(Object.getPrototypeOf(value));
              // Data may carry such keys as its own properties; nothing may arrive through a prototype.
              const own = Object.hasOwn(value, 'polluted');
              expect(own || (value as Record<string, unknown>).polluted === undefined).toBe(true);
            }
            for (const child of Object.values(value)) walk(child);
          };
          walk(parsed.data);
        },
      ),
      { numRuns: 200 },
    );
  });
});
