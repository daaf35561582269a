#!/usr/bin/env bash
# Builds the production app once more for each extra lane of the browser tests
# (test/e2e/support/lanes.ts): lane N talks to the mock API on port 8787 + 1000 * N.
set -euo pipefail
lanes="${E2E_LANES:-1}"
for ((lane = 1; lane < lanes; lane++)); do
  origin="http://127.0.0.1:$((8787 + 1000 * lane))"
  VITE_API_BASE_URL="$origin/api_v3" VITE_MESSAGES_BASE_URL="$origin/messaging" VITE_SURVEY_BASE_URL="$origin/survey" \
    npx vite build --mode e2e --outDir "dist-lane$lane" --emptyOutDir --logLevel warn
done
