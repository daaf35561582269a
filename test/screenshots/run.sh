#!/usr/bin/env bash
# `npm run screenshots`: builds the portal for the standalone mock API, then captures the main
# patient screens at phone and desktop width in both themes into docs/screenshots/.
# Ports and build folder are its own (app 4417, mock 8817, dist-shots/), so it runs beside tests.
set -euo pipefail
export E2E_APP_PORT="${SHOTS_APP_PORT:-4417}" E2E_MOCK_PORT="${SHOTS_MOCK_PORT:-8817}" E2E_DIST_DIR="dist-shots"
export E2E_API_ORIGIN="http://127.0.0.1:${E2E_MOCK_PORT}"
node test/e2e/check-chromium.mjs
VITE_API_BASE_URL="${E2E_API_ORIGIN}/api_v3" VITE_MESSAGES_BASE_URL="${E2E_API_ORIGIN}/messaging" \
  VITE_SURVEY_BASE_URL="${E2E_API_ORIGIN}/survey" npx vite build --mode e2e --outDir "$E2E_DIST_DIR" --emptyOutDir >/dev/null
npx playwright test -c test/screenshots/playwright.config.ts "$@"
