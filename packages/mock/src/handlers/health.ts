import { http, type HttpHandler } from 'msw';
import {
  DeviceSchema,
  HealthMeasurementInputSchema,
  HealthMeasurementResultSchema,
  RegisterDeviceInputSchema,
} from '@telehealth/client/health/schemas';
import { db, nextId, nowSeconds } from '../db.ts';
import { requireUser } from '../lib/auth.ts';
import { codeError } from '../lib/errors.ts';
import { jsonBody } from '../lib/params.ts';
import { recordOwner } from '../lib/record-access.ts';
import { ok } from '../lib/respond.ts';
import { api } from '../lib/routes.ts';
import { checkFields, checkNested } from '../lib/text.ts';

/**
 * Health devices and measurements (spec 4.11): USER with X-ApiToken, X-ApiKey and X-AccountCode.
 * Decisions (docs/spec-decisions.md): a measurement must come from a device the caller registered
 * with the same type; values outside what a body can show are refused (400 naming the field), the
 * same limits the portal checks before sending. Each stored measurement keeps the X-ApiKey it came
 * with (`_api_key`), so tests can prove the header was sent.
 */

const bad = (message: string) => codeError(400, message);

/** Plausible ranges per field, in the unit sent. */
export const PLAUSIBLE: Record<string, Record<string, [number, number]>> = {
  hp: { mmHg: [50, 260], kPa: [6.7, 34.7] },
  lp: { mmHg: [25, 160], kPa: [3.3, 21.3] },
  temperature_body: { cel: [30, 45], fah: [86, 113] },
  weight: { kg: [1, 400], lbs: [2, 880] },
  bg: { 'mg/dL': [10, 1000], 'mmol/L': [0.6, 55] },
  bo: { '': [50, 100] },
  hr: { '': [20, 250] },
  steps: { '': [0, 100000] },
  active_minutes: { '': [0, 1440] },
};

const UNIT_FIELD: Record<string, string> = {
  hp: 'bp_unit',
  lp: 'bp_unit',
  temperature_body: 'temperature_unit',
  weight: 'weight_unit',
  bg: 'bg_unit',
};
const DEFAULT_UNIT: Record<string, string> = {
  bp_unit: 'mmHg',
  temperature_unit: 'cel',
  weight_unit: 'kg',
  bg_unit: 'mg/dL',
};

export const healthHandlers: HttpHandler[] = [
  http.post(api('/users/:id/devices'), async ({ request, params }) => {
    const caller = requireUser(request, { account: true, apiKey: true }).user;
    const owner = recordOwner(request, caller, params.id, 'write');
    const parsed = RegisterDeviceInputSchema.safeParse(await jsonBody(request, bad));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw bad(`${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'is not valid'}`);
    }
    checkFields('device', parsed.data, bad);
    const id = `${owner.id}:${parsed.data.device_id}`;
    const device = { id, ...parsed.data, user_id: owner.id, created_at: nowSeconds() };
    db.devices.set(id, device);
    const { id: _omit, ...body } = device;
    return ok(DeviceSchema, body);
  }),

  http.post(api('/health'), async ({ request }) => {
    const caller = requireUser(request, { account: true, apiKey: true }).user;
    const body = await jsonBody(request, bad);
    const parsed = HealthMeasurementInputSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw bad(`${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'is not valid'}`);
    }
    const m = parsed.data;
    checkFields('measurement', m, bad);
    checkNested('movement', m.movement, bad);
    const device = [...db.devices.values()].find(
      (d) => d.user_id === caller.id && d.device_id === m.device_id,
    );
    if (!device) throw bad('device_id: is not a device registered to this user');
    if (device.type !== m.type) throw bad(`type: device ${m.device_id} is a ${String(device.type)}`);
    for (const [field, ranges] of Object.entries(PLAUSIBLE)) {
      const raw = (m as Record<string, unknown>)[field];
      if (raw === undefined) continue;
      const value = Number(raw);
      const unitField = UNIT_FIELD[field];
      const given = unitField ? (m as Record<string, unknown>)[unitField] : undefined;
      const unit = typeof given === 'string' ? given : unitField ? (DEFAULT_UNIT[unitField] ?? '') : '';
      const range = ranges[unit];
      if (!range) continue;
      if (!Number.isFinite(value) || value < range[0] || value > range[1])
        throw bad(`${field}: ${value} ${unit} is outside ${range[0]}–${range[1]}`);
    }
    if (m.hp !== undefined && m.lp !== undefined && m.hp <= m.lp)
      throw bad('hp: systolic must be higher than diastolic');
    const id = nextId('hm');
    db.measurements.set(id, {
      id,
      ...m,
      user_id: caller.id,
      status: 'accepted',
      _received: nowSeconds(),
      _api_key: request.headers.get('X-ApiKey'),
    });
    return ok(HealthMeasurementResultSchema, { id, status: 'accepted' });
  }),
];
