import { describe, expect, it } from 'vitest';
import { estimateWaitRange, formatWaitRange } from './wait-estimate';

describe('estimateWaitRange', () => {
  it('ends at average visit time × patients ahead and starts one visit earlier', () => {
    expect(estimateWaitRange({ average_visit_time: 600, before_me: 2 })).toEqual({
      low: 600,
      high: 1200,
      capped: false,
    });
  });

  it('is zero when nobody is ahead', () => {
    expect(estimateWaitRange({ average_visit_time: 600, before_me: 0 })).toEqual({
      low: 0,
      high: 0,
      capped: false,
    });
  });

  it('caps both ends at the maximum wait time', () => {
    expect(estimateWaitRange({ average_visit_time: 600, before_me: 5 }, 1800)).toEqual({
      low: 1800,
      high: 1800,
      capped: true,
    });
    expect(estimateWaitRange({ average_visit_time: 600, before_me: 3 }, 1500)).toEqual({
      low: 1200,
      high: 1500,
      capped: true,
    });
  });

  it('ignores a missing or zero ceiling', () => {
    expect(estimateWaitRange({ average_visit_time: 600, before_me: 5 }, 0).capped).toBe(false);
    expect(estimateWaitRange({ average_visit_time: 600, before_me: 5 }, null).high).toBe(3000);
  });
});

describe('formatWaitRange', () => {
  it('reads as a range of minutes', () => {
    expect(formatWaitRange({ low: 600, high: 1200, capped: false })).toBe('10 to 20 minutes');
  });

  it('says "less than" when the lower end is zero, and nothing when nobody is ahead', () => {
    expect(formatWaitRange({ low: 0, high: 600, capped: false })).toBe('less than 10 minutes');
    expect(formatWaitRange({ low: 0, high: 0, capped: false })).toBeNull();
  });

  it('says "up to" the ceiling when capped', () => {
    expect(formatWaitRange({ low: 1800, high: 1800, capped: true })).toBe('up to 30 minutes');
  });

  it('uses hours for long waits', () => {
    expect(formatWaitRange({ low: 3600, high: 5400, capped: false })).toBe('1 hour to 1 h 30 min');
  });
});
