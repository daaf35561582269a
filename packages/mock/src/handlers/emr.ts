import { http, type HttpHandler } from 'msw';
import {
  EMR_SECTION_NAMES,
  EmrRecordSchema,
  EmrSectionNameSchema,
  emrSectionDataSchemas,
  type EmrSectionName,
} from '@telehealth/client/emr/schemas';
import { db, nowSeconds, type UserRecord } from '../db.ts';
import { requireUser } from '../lib/auth.ts';
import { codeError } from '../lib/errors.ts';
import { jsonBody } from '../lib/params.ts';
import { recordOwner } from '../lib/record-access.ts';
import { ok } from '../lib/respond.ts';
import { api } from '../lib/routes.ts';
import { EMR_WRITE_RESULT_SCHEMAS } from '../spec-profile/answers.ts';
import { checkBound, checkNested, TEXT_BOUNDS } from '../lib/text.ts';

/**
 * Medical record sections (spec 4.10). Decisions where the spec is silent (docs/spec-decisions.md):
 * - A read also carries each section's `data_not_reported`, so "none" (`data: []`) and "prefers
 *   not to say" can be told apart; a section never filled in reads `data: null`.
 * - Writes are checked the way `GET /emr/schema` would describe them: entries non-empty, at most
 *   120 characters, no duplicate entries (case-insensitive), family relations from a list,
 *   `num_kids` 0–30; `data_not_reported: true` needs empty `data`. A refusal is 400 whose message
 *   starts with the path of the field: `data.1.substance: …`.
 */

export const EMR_ENTRY_MAX = TEXT_BOUNDS.emr.entry.max;
export const FAMILY_RELATIONS = [
  'mother',
  'father',
  'sister',
  'brother',
  'grandparent',
  'child',
  'aunt or uncle',
  'other',
] as const;

const ENTRY_KEY: Partial<Record<EmrSectionName, string>> = {
  allergies: 'substance',
  medications: 'name',
  conditions: 'condition',
  surgeries: 'procedure',
  family_conditions: 'condition',
};

const bad = (message: string) => codeError(400, message);

const key = (userId: string, section: EmrSectionName) => `${userId}:${section}`;

function modifiedBy(user: UserRecord) {
  return {
    id: user.id,
    type: user.type,
    first_name: user.first_name,
    last_name: user.last_name,
    full_name: user.full_name,
    title: typeof user.title === 'string' ? user.title : '',
    suffix: typeof user.suffix === 'string' ? user.suffix : '',
  };
}

function readRecord(userId: string) {
  return Object.fromEntries(
    EMR_SECTION_NAMES.map((name) => {
      const stored = db.emr.get(key(userId, name));
      return [
        name,
        stored
          ? {
              data: stored.data,
              modified: stored.modified,
              modified_by: stored.modified_by ?? {},
              data_not_reported: stored.data_not_reported === true,
            }
          : { data: null, modified: null, modified_by: {}, data_not_reported: false },
      ];
    }),
  );
}

function isEmpty(data: unknown): boolean {
  if (Array.isArray(data)) return data.length === 0;
  return typeof data === 'object' && data !== null && Object.values(data).every((v) => v == null || v === '');
}

/** The checks `GET /emr/schema` would describe; throws a 400 naming the field. */
function checkSection(name: EmrSectionName, data: unknown): void {
  const parsed = emrSectionDataSchemas[name].safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw bad(
      `data${issue?.path.length ? `.${issue.path.join('.')}` : ''}: ${issue?.message ?? 'is not valid'}`,
    );
  }
  const entryKey = ENTRY_KEY[name];
  if (entryKey && Array.isArray(data)) {
    const seen = new Map<string, number>();
    data.forEach((entry: Record<string, unknown>, index) => {
      const field = entry[entryKey];
      const value = typeof field === 'string' ? field.trim() : '';
      const path = `data.${index}.${entryKey}`;
      // The stored text bounds (lib/text.ts): the entry itself is one line; other keys free text.
      checkBound(path, field, TEXT_BOUNDS.emr.entry, bad);
      for (const [other, item] of Object.entries(entry))
        if (other !== entryKey && other !== 'relations') checkNested(`data.${index}.${other}`, item, bad);
      if (!value) throw bad(`${path}: is required`);
      if (value.length > EMR_ENTRY_MAX) throw bad(`${path}: must be at most ${EMR_ENTRY_MAX} characters`);
      const relations = Array.isArray(entry.relations) ? (entry.relations as string[]) : [];
      if (name === 'family_conditions') {
        if (relations.length === 0) throw bad(`data.${index}.relations: name at least one relative`);
        const unknown = relations.find((r) => !(FAMILY_RELATIONS as readonly string[]).includes(r));
        if (unknown) throw bad(`data.${index}.relations: ${unknown} is not a known relation`);
      }
      const dedupe = `${value.toLowerCase()}|${[...relations].sort().join(',')}`;
      const earlier = seen.get(dedupe);
      if (earlier !== undefined) throw bad(`${path}: repeats entry ${earlier + 1}`);
      seen.set(dedupe, index);
    });
  }
  if (!Array.isArray(data) && typeof data === 'object' && data !== null) {
    // Social history and health habits: each answer is one line; anything else sent is free text.
    for (const [field, item] of Object.entries(data)) {
      if (typeof item === 'string') checkBound(`data.${field}`, item, TEXT_BOUNDS.emr.entry, bad);
      else checkNested(`data.${field}`, item, bad);
    }
  }
  if (name === 'social_history' && data && typeof data === 'object' && !Array.isArray(data)) {
    const kids = (data as Record<string, unknown>).num_kids;
    if (
      kids != null &&
      kids !== '' &&
      (!Number.isInteger(Number(kids)) || Number(kids) < 0 || Number(kids) > 30)
    )
      throw bad('data.num_kids: must be a whole number from 0 to 30');
    const occupation = (data as Record<string, unknown>).occupation;
    if (typeof occupation === 'string' && occupation.length > EMR_ENTRY_MAX)
      throw bad(`data.occupation: must be at most ${EMR_ENTRY_MAX} characters`);
  }
}

const entryText = { type: 'string', required: true, maxLength: EMR_ENTRY_MAX } as const;
const optionalText = { type: 'string', maxLength: EMR_ENTRY_MAX } as const;

function listOf(properties: Record<string, unknown>) {
  return { type: 'array', uniqueItems: true, items: { type: 'object', properties } };
}

/** What the write endpoint checks in each section's `data`. */
function sectionDataSchemas(): Record<EmrSectionName, unknown> {
  return {
    allergies: listOf({ substance: entryText }),
    conditions: listOf({ condition: entryText }),
    surgeries: listOf({ procedure: entryText }),
    medications: listOf({ name: entryText }),
    family_conditions: listOf({
      condition: entryText,
      relations: {
        type: 'array',
        required: true,
        minItems: 1,
        items: { type: 'string', enum: FAMILY_RELATIONS },
      },
    }),
    social_history: {
      type: 'object',
      properties: {
        marital_status: optionalText,
        highest_ed: optionalText,
        occupation: optionalText,
        num_kids: { type: 'integer', minimum: 0, maximum: 30 },
      },
    },
    health_habits: {
      type: 'object',
      properties: {
        smoking: optionalText,
        alcohol: optionalText,
        drugs: optionalText,
        exercise: optionalText,
      },
    },
  };
}

/**
 * `GET /emr/schema` (spec 4.10 names it, its shape is not shown): per section, the write body
 * `{data, data_not_reported}` in the field-schema words of the intake steps (type, required,
 * enum, maxLength, minimum, maximum), exactly what `POST /users/{id}/emr/{name}` checks.
 */
export function emrSchema(): Record<EmrSectionName, unknown> {
  const data = sectionDataSchemas();
  return Object.fromEntries(
    EMR_SECTION_NAMES.map((name) => [
      name,
      {
        type: 'object',
        properties: {
          data: { ...(data[name] as object), required: true },
          data_not_reported: { type: 'boolean', required: true },
        },
      },
    ]),
  ) as Record<EmrSectionName, unknown>;
}

export const emrHandlers: HttpHandler[] = [
  http.get(api('/emr/schema'), ({ request }) => {
    requireUser(request, { account: true });
    return ok(null, emrSchema());
  }),

  http.get(api('/users/:id/emr'), ({ request, params }) => {
    const caller = requireUser(request, { account: true }).user;
    const owner = recordOwner(request, caller, params.id, 'read');
    return ok(EmrRecordSchema, readRecord(owner.id));
  }),

  http.post(api('/users/:id/emr/:name'), async ({ request, params }) => {
    const caller = requireUser(request, { account: true }).user;
    const owner = recordOwner(request, caller, params.id, 'write');
    const name = EmrSectionNameSchema.safeParse(params.name);
    if (!name.success) throw bad(`name: must be one of ${EMR_SECTION_NAMES.join(', ')}`);
    const body = await jsonBody(request, bad);
    if (!('data' in body) || body.data === null) throw bad('data: is required');
    if (typeof body.data_not_reported !== 'boolean')
      throw bad('data_not_reported: is required (true or false)');
    if (body.data_not_reported && !isEmpty(body.data))
      throw bad('data: must be empty when data_not_reported is true');
    checkSection(name.data, body.data);
    const data: unknown = Array.isArray(body.data)
      ? (body.data as Record<string, unknown>[]).map((entry) => {
          const entryKey = ENTRY_KEY[name.data];
          const field = entryKey ? entry[entryKey] : undefined;
          return entryKey && typeof field === 'string' ? { ...entry, [entryKey]: field.trim() } : entry;
        })
      : body.data;
    const id = key(owner.id, name.data);
    db.emr.set(id, {
      id,
      data,
      data_not_reported: body.data_not_reported,
      modified: nowSeconds(),
      modified_by: modifiedBy(caller),
    });
    // One schema per section, built once, so the spec profile finds the section's table.
    return ok(EMR_WRITE_RESULT_SCHEMAS[name.data], { data });
  }),
];
