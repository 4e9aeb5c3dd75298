import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';

/**
 * Runs `task` now and then again `intervalMs` after each run ends (never two at once), until
 * `stop()`, which waits for a run in progress. The task handles its own errors.
 */
export class RepeatingTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly task: () => Promise<void>,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.next(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private next(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.task().finally(() => {
        this.running = null;
        this.next(this.intervalMs);
      });
    }, delay);
  }
}

/**
 * A provider whose `tick` runs as a RepeatingTask from the application's start until its shutdown
 * (the relays that move rows into their queues in the worker).
 */
export abstract class RepeatingService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly loop: RepeatingTask;

  constructor(intervalMs: number) {
    this.loop = new RepeatingTask(() => this.tick(), intervalMs);
  }

  /** One pass; it handles its own errors. */
  abstract tick(): Promise<void>;

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.loop.stop();
  }
}
