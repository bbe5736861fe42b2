// The same table as badito.test.ts, on a day where the periods differ: Wednesday 18 November 2026
// at noon in Santiago, so "this week" (from Monday the 16th) and "this month" (from the 1st) each
// hold more than today, and yesterday is inside both. Whatever day the suite runs on (a Monday or
// the 1st makes several periods equal), these boundaries are checked too. Only Date is faked; the
// clock keeps moving, so tokens and timeouts behave.
import { expect, it, vi } from 'vitest';
import { diaLocal } from '../src/lib/tiempo.js';

vi.hoisted(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: new Date('2026-11-18T15:00:00Z') });
});

await import('./badito.test.js');

it('runs on Wednesday 18 November 2026 in Santiago', () => {
  expect(diaLocal(new Date())).toBe('2026-11-18');
});
