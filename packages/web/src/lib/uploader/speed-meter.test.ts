import { describe, expect, it } from 'vitest';
import { SpeedMeter } from './speed-meter';

describe('SpeedMeter', () => {
  it('averages over its window and forgets older samples', () => {
    let now = 0;
    const meter = new SpeedMeter(2000, () => now);
    meter.sample(0);
    now = 1000;
    expect(meter.sample(1000)).toBe(1000);
    now = 2000;
    expect(meter.sample(3000)).toBe(1500);
    now = 4000;
    // Samples older than 2 s left the window: (5000 − 3000) bytes over the last 2 s.
    expect(meter.sample(5000)).toBe(1000);
  });

  it('restarts instead of going negative when the total goes back (a retried part)', () => {
    let now = 0;
    const meter = new SpeedMeter(2000, () => now);
    meter.sample(500);
    now = 100;
    expect(meter.sample(100)).toBe(0);
  });
});
