import { apiJson, type CallOptions } from '../http.ts';
import {
  VisitMessagePageSchema,
  VisitMessageSchema,
  type PostMessageInput,
  type VisitMessage,
  type VisitMessageListParams,
  type VisitMessagePage,
} from './schemas.ts';

const threadPath = (visitId: string) => `/api/visits/${encodeURIComponent(visitId)}/messages`;

/**
 * GET {messages_base_url}/api/visits/{id}/messages: one page of the thread and `total_count`.
 * The body is `{data, total_count}`, so the schema reads the whole body.
 */
export function listVisitMessages(
  visitId: string,
  params: VisitMessageListParams = {},
  options: CallOptions = {},
): Promise<VisitMessagePage> {
  return apiJson({
    base: 'messages',
    path: threadPath(visitId),
    auth: 'user-token',
    query: { ...params },
    schema: VisitMessagePageSchema,
    envelope: 'none',
    signal: options.signal,
  });
}

/** POST {messages_base_url}/api/visits/{id}/messages (JSON); 201 `{data: message}`. Never retried on its own. */
export function postVisitMessage(
  visitId: string,
  input: PostMessageInput,
  options: CallOptions = {},
): Promise<VisitMessage> {
  return apiJson({
    method: 'POST',
    base: 'messages',
    path: threadPath(visitId),
    auth: 'user-token',
    body: { json: input },
    schema: VisitMessageSchema,
    signal: options.signal,
  });
}
