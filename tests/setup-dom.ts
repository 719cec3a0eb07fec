import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { resetSharedGets } from '../frontend/src/lib/shared-get.ts';

// findBy* and waitFor wait for their condition, not for a second (Testing Library's default):
// on a loaded machine a render can take longer. The test's own timeout still bounds the wait.
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
  resetSharedGets();
});

// A toast dismissed just before the last test ended removes itself 200 ms later (sonner's
// TIME_BEFORE_UNMOUNT): let that timer run while the DOM still exists, not after teardown.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 300)));
