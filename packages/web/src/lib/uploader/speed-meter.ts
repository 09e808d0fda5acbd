/** Bytes per second over the last few seconds: smooth enough to read, quick to follow a change. */
export class SpeedMeter {
  private samples: { at: number; loaded: number }[] = [];

  constructor(
    private readonly windowMs = 4000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Records the running total of bytes sent and returns the moving-average speed. */
  sample(loaded: number): number {
    const at = this.now();
    // A retried part makes the total go back: start the window again rather than report a negative speed.
    const last = this.samples[this.samples.length - 1];
    if (last && loaded < last.loaded) this.samples = [];
    this.samples.push({ at, loaded });
    while (this.samples.length > 2 && at - (this.samples[0]?.at ?? at) > this.windowMs) this.samples.shift();
    return this.speed();
  }

  speed(): number {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last || last.at === first.at) return 0;
    return ((last.loaded - first.loaded) * 1000) / (last.at - first.at);
  }

  reset(): void {
    this.samples = [];
  }
}
