/** Operations and fields our reference server offers beyond the spec; a spec server offers none. Read from the account record's `portal_extensions`. */
export const SERVER_EXTENSIONS = [
  /** `POST /visits/{id}?version=2&status=…`: a patient's cancel and leave-the-queue, a provider's take, start and complete. */
  'visit-status',
  /** `GET /auth` answers JSON (tokens) instead of only redirecting. */
  'auth-json',
  /** A room's `visits.econsult.enabled` setting: the room takes e-consults. */
  'econsult-rooms',
  /** `paid`, `invoice_id` and `charge` on invoice answers. */
  'invoice-state',
  /** `visit_id` and `file_id` on notifications. */
  'notification-targets',
  /** `roles` on profiles. */
  'user-roles',
  /** A 404 on eligibility means "no eligibility check yet". */
  'eligibility-none',
  /** `GET /webhooks/deliveries` (admin): the clinic's webhook address and its recent delivery attempts. */
  'webhook-deliveries',
] as const;
export type ServerExtension = (typeof SERVER_EXTENSIONS)[number];
