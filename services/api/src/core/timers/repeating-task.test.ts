import { afterEach, describe, expect, it, vi } from 'vitest';
import { RepeatingService } from './repeating-task.js';

class CountingService extends RepeatingService {
  runs = 0;
  finished = 0;
  release: (() => void) | null = null;

  async tick(): Promise<void> {
    this.runs += 1;
    await new Promise<void>((resolve) => (this.release = resolve));
    this.finished += 1;
  }
}

describe('RepeatingService', () => {
  afterEach(() => vi.useRealTimers());

  it('ticks at start, again the interval after each run ends, and stops after the run in progress', async () => {
    vi.useFakeTimers();
    const service = new CountingService(1000);
    service.onApplicationBootstrap();
    await vi.advanceTimersByTimeAsync(0);
    expect(service.runs).toBe(1);

    // Never two at once: a run still going holds the next one back.
    await vi.advanceTimersByTimeAsync(5000);
    expect(service.runs).toBe(1);
    service.release?.();
    await vi.advanceTimersByTimeAsync(999);
    expect(service.runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(service.runs).toBe(2);

    // Shutdown waits for the run in progress, then nothing runs again.
    let stopped = false;
    const stopping = service.onModuleDestroy().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    service.release?.();
    await stopping;
    expect(service.finished).toBe(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(service.runs).toBe(2);
  });
});
