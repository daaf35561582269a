import { MOCK_ORIGIN } from './fixtures';

/**
 * Casey Morgan waits in General practice in the seed (`vis_walkin_waiting`); a patient already
 * waiting in a room is led back to that place instead of starting a second walk-in there.
 * Journeys that walk her through a new walk-in in that room end the seeded one first.
 */
export async function endSeededWalkin(): Promise<void> {
  const response = await fetch(`${MOCK_ORIGIN}/__mock/visits/vis_walkin_waiting/status`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ status: 30 }),
  });
  if (!response.ok) throw new Error(`Could not end the seeded walk-in: ${response.status}`);
}
