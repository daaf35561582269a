import { z } from 'zod';
import { apiJson, type CallOptions } from '../http.ts';

/**
 * Controls of the mock backend at {api origin}/__mock. They exist only on the mock (browser
 * worker or standalone server) and are used by the development sign-in page and panel.
 */
export const PersonaSchema = z.object({
  key: z.string(),
  label: z.string(),
  role: z.enum(['patient', 'provider', 'admin', 'guest']),
  description: z.string(),
});
export type Persona = z.infer<typeof PersonaSchema>;

const PersonaListSchema = z.object({ data: z.array(PersonaSchema), admin_token: z.string().optional() });

export function listPersonas(options: CallOptions = {}) {
  return apiJson({
    base: 'mock',
    path: '/personas',
    auth: 'none',
    schema: PersonaListSchema,
    envelope: 'none',
    signal: options.signal,
  });
}

export function signInPersona(key: string, options: CallOptions = {}) {
  return apiJson({
    base: 'mock',
    method: 'POST',
    path: `/personas/${encodeURIComponent(key)}/sign-in`,
    auth: 'none',
    schema: z.object({ sso_token: z.string() }),
    envelope: 'none',
    signal: options.signal,
  });
}

export function resetMock(options: CallOptions = {}) {
  return apiJson({
    base: 'mock',
    method: 'POST',
    path: '/reset',
    auth: 'none',
    schema: z.unknown(),
    envelope: 'none',
    signal: options.signal,
  });
}

export const FaultSchema = z.object({
  method: z.string(),
  path: z.string(),
  mode: z.enum(['fail', 'hang', 'offline']),
});
export type Fault = z.infer<typeof FaultSchema>;

export function listFaults(options: CallOptions = {}) {
  return apiJson({
    base: 'mock',
    path: '/faults',
    auth: 'none',
    schema: z.array(FaultSchema),
    signal: options.signal,
  });
}

export function setFaults(faults: Fault[], options: CallOptions = {}) {
  return apiJson({
    base: 'mock',
    method: 'PUT',
    path: '/faults',
    auth: 'none',
    body: { json: { data: faults } },
    schema: z.array(FaultSchema),
    signal: options.signal,
  });
}
