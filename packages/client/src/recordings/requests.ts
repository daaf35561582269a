import { VisitSchema, type Visit } from '../visits/schemas.ts';
import { apiJson, type CallOptions } from '../http.ts';
import { tolerantList } from '../common/schemas.ts';
import { RecordingDetailSchema, type RecordingDetail } from './schemas.ts';

export interface RecordedVisitsFilter {
  room_code?: string;
  /** Visits starting after this timestamp. */
  start_time?: number;
  /** Visits ending before this timestamp. */
  end_time?: number;
}

/** GET /visits with the clinic admin token: visits that have recordings, each with its recordings (4.12). */
export function listRecordedVisits(
  filter: RecordedVisitsFilter,
  options: CallOptions = {},
): Promise<Visit[]> {
  return apiJson({
    path: '/visits',
    auth: 'admin',
    query: { ...filter, fields: 'recordings', with_recordings_only: 1 },
    schema: tolerantList(VisitSchema, 'visits'),
    signal: options.signal,
  });
}

/**
 * GET /visits/{id}/recordings/{recording_id} (ADMIN): the recording with a pre-signed link, answered
 * without the `data` envelope. The link is for immediate use only; it stops working at `path.expiry`.
 */
export function getRecording(
  visitId: string,
  recordingId: number,
  options: CallOptions = {},
): Promise<RecordingDetail> {
  return apiJson({
    path: `/visits/${encodeURIComponent(visitId)}/recordings/${encodeURIComponent(String(recordingId))}`,
    auth: 'admin',
    schema: RecordingDetailSchema,
    envelope: 'none',
    signal: options.signal,
  });
}
