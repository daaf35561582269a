#!/usr/bin/env bash
# Runs the browser tests on private ports and a private build folder, so parallel runs on one
# machine do not collide: test/e2e/run-isolated.sh <slot 1-9> [playwright args…]
# Slot N uses app port 43N7, mock port 88N7 and dist-eN/.
set -euo pipefail
slot="${1:?slot number 1-9}"; shift
export E2E_APP_PORT="43${slot}7" E2E_MOCK_PORT="88${slot}7" E2E_DIST_DIR="dist-e${slot}" E2E_MOCK_DIST_DIR="dist-m${slot}"
export E2E_API_ORIGIN="http://127.0.0.1:${E2E_MOCK_PORT}"
VITE_API_BASE_URL="${E2E_API_ORIGIN}/api_v3" VITE_MESSAGES_BASE_URL="${E2E_API_ORIGIN}/messaging" \
  VITE_SURVEY_BASE_URL="${E2E_API_ORIGIN}/survey" npx vite build --mode e2e --outDir "$E2E_DIST_DIR" --emptyOutDir >/dev/null
npx vite build --mode mock --outDir "$E2E_MOCK_DIST_DIR" --emptyOutDir >/dev/null
npx playwright test --output "test-results-e${slot}" "$@"
