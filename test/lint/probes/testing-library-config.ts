// Linted as src/lib/probe.test.ts: Testing Library's settings are set once in test/setup-dom.ts.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 4000 });
