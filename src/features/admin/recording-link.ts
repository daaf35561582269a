import { getRecording } from '@telehealth/client/recordings/requests';
import type { RecordingDetail } from '@telehealth/client/recordings/schemas';
import { env } from '@/config/env';

/** A link this close to its expiry is fetched again rather than used. */
const EXPIRY_MARGIN_SECONDS = 5;

export class UntrustedRecordingHostError extends Error {
  override name = 'UntrustedRecordingHostError';
}

/** The link only when it is https on a host the deployment allows (VITE_RECORDING_HOSTS); else null. */
export function allowedRecordingUrl(value: string, hosts: string = env.VITE_RECORDING_HOSTS): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const allowed = hosts
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return url.protocol === 'https:' && allowed.includes(url.host.toLowerCase()) ? url.href : null;
}

/**
 * Pre-signed recording links, kept in this tab's memory only until just before `path.expiry`: a
 * second open within the link's life reuses it, an expired one is fetched again (case 62). Never
 * stored, logged or put into the page ahead of a click.
 */
export function createRecordingLinks(now: () => number = () => Date.now() / 1000) {
  const links = new Map<string, RecordingDetail['path']>();
  return {
    async get(visitId: string, recordingId: number): Promise<string> {
      const key = `${visitId}:${recordingId}`;
      const held = links.get(key);
      let path = held && held.expiry - EXPIRY_MARGIN_SECONDS > now() ? held : null;
      if (!path) {
        links.delete(key);
        path = (await getRecording(visitId, recordingId)).path;
        if (path.expiry - EXPIRY_MARGIN_SECONDS > now()) links.set(key, path);
      }
      const url = allowedRecordingUrl(path.url);
      if (!url) {
        links.delete(key);
        throw new UntrustedRecordingHostError('Recording link on a host this portal does not allow');
      }
      return url;
    },
    clear: () => links.clear(),
  };
}
