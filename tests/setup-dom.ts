import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetSharedGets } from '../frontend/src/lib/shared-get.ts';

afterEach(() => {
  cleanup();
  resetSharedGets();
});
