import { randomBytes } from 'node:crypto';
import type { RecheckStore } from '../../src/server/store/recheck-types.ts';

// What the re-check store's suites share (tests/integration/recheck-store-*.test.ts): a clock,
// ids, and requests with a fresh email and address each, so no test depends on another's rows.

export const MINUTE = 60 * 1000;
export const DAY = 24 * 60 * MINUTE;
export const T0 = new Date('2027-03-01T08:00:00.000Z');
export const at = (ms: number) => new Date(T0.getTime() + ms);
export const newId = () => randomBytes(16).toString('hex');
export const LEASE = 10 * MINUTE;

let n = 0;
/** A fresh email and address per use: tests never depend on each other's rows. */
export const freshEmail = () => `person-${++n}@example.com`;
export const freshAddress = () => `https://site-${++n}.example.com/`;

export type RequestInput = Parameters<RecheckStore['request']>[0];
export const requestOf = (fields: Partial<RequestInput> = {}): RequestInput => ({
  id: newId(),
  email: freshEmail(),
  address: freshAddress(),
  pages: 1,
  language: 'en',
  reportId: newId(),
  now: T0,
  ...fields,
});
