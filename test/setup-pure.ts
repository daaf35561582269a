import '@/lib/zod-setup';
import { installConsoleGuard } from './console-guard';

// The setup of the `pure` project (test/pure-tests.ts): tests of logic, schemas and rules that
// load no mock. No mock server is started and no clinic seeded; a request would fail loudly (there
// is no server to answer it). An unexpected console.error still fails the test, as in setup.ts.
installConsoleGuard();
