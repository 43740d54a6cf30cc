import { describe, it } from 'vitest';
import { fuzzPages, SEED } from '../support/hostile-requests.ts';
import { testServer } from '../support/test-server.ts';

// `npm run test:load`: the page fuzz of tests/integration/hostile-input.test.ts at full strength,
// 2,000 generated requests of the same seed (FUZZ_LOAD_PAGE_REQUESTS for more). Its cost is volume:
// `npm test` runs the first 300.

const REQUESTS = Number(process.env.FUZZ_LOAD_PAGE_REQUESTS ?? 2000);

describe('hostile input to pages and files, at volume', () => {
  it(`survives ${REQUESTS} generated requests (seed ${SEED})`, async () => {
    await fuzzPages(await testServer({ TRUST_PROXY: '1' }), REQUESTS, SEED);
  });
});
