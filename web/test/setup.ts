import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each test renders into a fresh document.
afterEach(cleanup);

// Pages are loaded lazily, as in the shop; the first import of one is compiled on the spot, which on a
// busy machine takes longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });
