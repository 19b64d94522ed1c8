// The month arithmetic that usage forecasts stand on: UTC months, fractional days, short and leap Februaries.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { daysLeft } from '../../../../src/relay/console/health.js';
import { monthBucket, monthProgress, nextMonthStart } from '../../../../src/relay/metering/month.js';
import { forecastUnits } from '../../../../src/relay/upstream/budget-watch.js';

/** An upstream account as `/me` describes it, with a monthly limit of 1,000 units. */
const account = (used: number) => ({ usage: { period: '2026-11', used, limit: 1000, remaining: 1000 - used } });

describe('month arithmetic', () => {
  it('says how far into its UTC month an instant is, and how long that month is', () => {
    assert.deepEqual(monthProgress(Date.parse('2026-02-02T12:00:00Z')), { elapsedDays: 1.5, days: 28 });
    assert.deepEqual(monthProgress(Date.parse('2028-02-29T00:00:00Z')), { elapsedDays: 28, days: 29 });
    assert.deepEqual(monthProgress(Date.parse('2026-12-01T00:00:00Z')), { elapsedDays: 0, days: 31 });
    assert.equal(monthBucket(Date.parse('2026-12-31T23:59:59Z')), '2026-12');
    assert.equal(nextMonthStart(Date.parse('2026-12-31T23:59:59Z')), Date.parse('2027-01-01T00:00:00Z'));
  });

  it("forecasts the month's upstream units at the rate so far, and not in the month's first hour", () => {
    assert.equal(forecastUnits(100, Date.parse('2026-11-11T00:00:00Z')), 300);
    assert.equal(forecastUnits(100, Date.parse('2026-02-15T00:00:00Z')), 200);
    assert.equal(forecastUnits(7, Date.parse('2026-11-01T00:30:00Z')), 7, 'half an hour in, the count itself');
  });

  it('says how many days the upstream units last at the rate so far, and nothing when none are spent', () => {
    assert.equal(daysLeft(account(100), Date.parse('2026-11-11T00:00:00Z')), 90);
    assert.equal(daysLeft(account(1200), Date.parse('2026-11-11T00:00:00Z')), 0);
    assert.equal(daysLeft(account(0), Date.parse('2026-11-11T00:00:00Z')), null);
  });
});
