/**
 * Lanes: the browser tests run in several Playwright workers at once, each against its own mock
 * API and its own copy of the production build, so one worker's reset or fault never reaches
 * another's test. Lane 0 is the usual ports and `dist`; lane N moves every port up by
 * `LANE_PORT_STEP * N` and uses the build `dist-laneN`, made for that lane's API origin (the origin
 * is built into the app and its CSP). Playwright tells each worker its lane (`TEST_PARALLEL_INDEX`,
 * 0 to workers - 1); the runner itself and single-worker runs are lane 0.
 */
export const LANE_PORT_STEP = 1000;

/** The lane of this process. */
export const LANE: number = Number(process.env.TEST_PARALLEL_INDEX ?? 0) || 0;

/** `http://127.0.0.1:8787` in lane 1 is `http://127.0.0.1:9787`; lane 0 leaves it as it is. */
export function laneOrigin(origin: string, lane: number = LANE): string {
  if (lane === 0) return origin;
  const url = new URL(origin);
  url.port = String(Number(url.port) + LANE_PORT_STEP * lane);
  return url.origin;
}

/** The build a lane serves: `dist` for lane 0, `dist-lane1`… for the others. */
export const laneDist = (dist: string, lane: number): string => (lane === 0 ? dist : `${dist}-lane${lane}`);
