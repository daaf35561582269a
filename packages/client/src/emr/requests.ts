import { apiJson, type CallOptions } from '../http.ts';
import {
  EmrInputSchemaSchema,
  EmrRecordSchema,
  emrWriteResultSchema,
  type EmrRecord,
  type EmrSectionName,
  type EmrWriteBody,
  type EmrWriteResult,
} from './schemas.ts';

// Spec 4.10: USER; `{id}` may be `-` for the signed-in user.

/** GET /users/{id}/emr: all seven sections, each `{data, modified, modified_by}`. */
export function getEmr(userId: string, options: CallOptions = {}): Promise<EmrRecord> {
  return apiJson({
    path: `/users/${encodeURIComponent(userId)}/emr`,
    auth: 'user',
    schema: EmrRecordSchema,
    signal: options.signal,
  });
}

/**
 * GET /emr/schema: the input schema of every section (spec 4.10: "input fields follow" it; its
 * shape is not shown). Read as an open map from section name to whatever the server describes;
 * the forms follow spec 2.13's shapes and do not depend on it (docs/spec-decisions.md).
 */
export function getEmrInputSchema(options: CallOptions = {}): Promise<Record<string, unknown>> {
  return apiJson({ path: '/emr/schema', auth: 'user', schema: EmrInputSchemaSchema, signal: options.signal });
}

/**
 * POST /users/{id}/emr/{name}: replaces one section. `data_not_reported: true` means the patient
 * declined to say; `data: []` with `false` means "none".
 */
export function saveEmrSection<N extends EmrSectionName>(
  userId: string,
  name: N,
  body: EmrWriteBody<N>,
  options: CallOptions = {},
): Promise<EmrWriteResult<N>> {
  return apiJson({
    method: 'POST',
    path: `/users/${encodeURIComponent(userId)}/emr/${name}`,
    auth: 'user',
    body: { json: body },
    schema: emrWriteResultSchema(name) as never,
    signal: options.signal,
  });
}
