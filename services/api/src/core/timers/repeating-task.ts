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
