/**
 * A clinic's back office with the clinic admin token: a new room with a provider in it, and the
 * links of the clinic's recorded visits (each link is pre-signed and short-lived: fetch it when it
 * is needed, never store it).
 *
 *   API_BASE_URL=http://127.0.0.1:8787/api_v3 ACCOUNT_CODE=demo API_KEY=demo-api-key \
 *   ADMIN_TOKEN=demo-admin-token node --import tsx examples/clinic-admin.ts "Evening clinic" usr_provider
 */
import { connectServer, type ServerOptions } from '@telehealth/client';
import { listRecordedVisits, getRecording } from '@telehealth/client/recordings/requests';
import { addUserRoom, createRoom } from '@telehealth/client/rooms/requests';

type AdminOptions = Pick<ServerOptions, 'apiBaseUrl' | 'accountCode' | 'apiKey' | 'fetch'> & {
  adminToken: string;
};

/** Creates a room in the clinic's domain and puts a provider in it; gives the room's code and the provider's rooms. */
export async function openRoom(
  options: AdminOptions & { domain: string; name: string; providerId: string },
): Promise<{ code: string; providerRooms: string[] }> {
  connectServer(options);
  const room = await createRoom({ domain: options.domain, name: options.name });
  const code = String(room.code);
  const rooms = await addUserRoom(options.providerId, { code });
  return { code, providerRooms: rooms.map((r) => String(r.code)) };
}

/** The clinic's recorded visits, each recording with a fresh pre-signed link and when it stops working. */
export async function recordingLinks(
  options: AdminOptions,
): Promise<{ visitId: string; recordingId: number; url: string; expiry: number }[]> {
  connectServer(options);
  const links: { visitId: string; recordingId: number; url: string; expiry: number }[] = [];
  for (const visit of await listRecordedVisits({})) {
    for (const recording of visit.recordings?.data ?? []) {
      const detail = await getRecording(String(visit.id), Number(recording.id));
      links.push({ visitId: String(visit.id), recordingId: Number(recording.id), ...detail.path });
    }
  }
  return links;
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isMain) {
  const [name = 'Evening clinic', providerId = 'usr_provider'] = process.argv.slice(2);
  const options = {
    apiBaseUrl: process.env.API_BASE_URL ?? 'http://127.0.0.1:8787/api_v3',
    accountCode: process.env.ACCOUNT_CODE ?? 'demo',
    apiKey: process.env.API_KEY ?? '',
    adminToken: process.env.ADMIN_TOKEN ?? '',
  };
  openRoom({ ...options, domain: options.accountCode, name, providerId })
    .then(async ({ code }) => {
      console.log(`Room ${code} opened for ${providerId}`);
      console.log(`${(await recordingLinks(options)).length} recording link(s)`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    });
}
