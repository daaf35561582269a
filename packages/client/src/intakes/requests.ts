import { apiJson, type CallOptions } from '../http.ts';
import {
  IntakeRefSchema,
  IntakeSchema,
  type CreateIntakeInput,
  type Intake,
  type IntakeCustomFields,
  type IntakeRef,
  type UpdateIntakeInput,
} from './schemas.ts';

export interface CreateIntakeRequest extends CreateIntakeInput {
  /** Custom field-value pairs, sent form-urlencoded in the body and kept on the intake. */
  custom?: IntakeCustomFields;
}

export interface UpdateIntakeRequest extends UpdateIntakeInput {
  /**
   * Custom field-value pairs. The spec lists only query parameters for the update; this portal
   * sends custom fields in a form body exactly as on creation (docs/spec-decisions.md). An empty
   * string clears a field. A server may drop them: the wizard keeps its bookkeeping in the browser
   * too (`features/intake/model/kept-answers.ts`).
   */
  custom?: IntakeCustomFields;
}

/** POST /intakes: named fields in the query string, custom fields in a form body. Answers `{id}`. */
export function createIntake(
  { custom, ...query }: CreateIntakeRequest,
  options: CallOptions = {},
): Promise<IntakeRef> {
  return apiJson({
    method: 'POST',
    path: '/intakes',
    auth: 'user',
    query: { ...query },
    body: { form: custom ?? {} },
    schema: IntakeRefSchema,
    signal: options.signal,
  });
}

/** POST /intakes/{id}: only the fields given change. Answers `{id}`. */
export function updateIntake(
  id: string,
  { custom, ...query }: UpdateIntakeRequest,
  options: CallOptions = {},
): Promise<IntakeRef> {
  return apiJson({
    method: 'POST',
    path: `/intakes/${encodeURIComponent(id)}`,
    auth: 'user',
    query: { ...query },
    body: { form: custom ?? {} },
    schema: IntakeRefSchema,
    signal: options.signal,
  });
}

/** GET /intakes/{id}: the intake with its custom fields and, once created, its `visit_id`. */
export function getIntake(id: string, options: CallOptions = {}): Promise<Intake> {
  return apiJson({
    path: `/intakes/${encodeURIComponent(id)}`,
    auth: 'user',
    schema: IntakeSchema,
    signal: options.signal,
  });
}
