import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/** Set while a transaction's work runs, in the async context of that work only. */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

export class SecondConnectionError extends Error {
  constructor() {
    super(
      'A transaction asked the pool for a second connection: pass its EntityManager down instead ' +
        '(under load every request holding one connection waits for another, and the pool stalls).',
    );
    this.name = 'SecondConnectionError';
  }
}

/**
 * Makes `dataSource` refuse to hand out a connection to code running inside one of its own
 * transactions (`dataSource.transaction`, which every transaction here goes through). Such code
 * would hold one pooled connection (often with a row or advisory lock) while waiting for another:
 * a few concurrent requests of that kind take the whole pool and every request times out. The
 * check is an AsyncLocalStorage lookup per query outside a transaction, so it is cheap, but it
 * turns a latent stall into an error, so it runs under tests only (NODE_ENV=test), where such a
 * path fails loudly instead of reaching the people using the product.
 */
export function refuseSecondConnections(dataSource: DataSource): void {
  const manager = dataSource.manager;
  const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  const patched = async (...args: unknown[]): Promise<unknown> => {
    // (work) or (isolation, work); DataSource.transaction passes (work, undefined).
    const at = args.findIndex((arg) => typeof arg === 'function');
    const work = args[at] as ((em: unknown) => unknown) | undefined;
    if (!work) return transaction(...args);
    const state = { open: true };
    args[at] = (em: unknown) => openTransaction.run(state, () => work(em));
    try {
      return await transaction(...args);
    } finally {
      // Work the transaction left running (not awaited) may use the pool once it is over.
      state.open = false;
    }
  };
  manager.transaction = patched as typeof manager.transaction;

  const createQueryRunner = dataSource.createQueryRunner.bind(dataSource);
  dataSource.createQueryRunner = (...args: Parameters<DataSource['createQueryRunner']>) => {
    if (openTransaction.getStore()?.open) throw new SecondConnectionError();
    return createQueryRunner(...args);
  };
}

/** Installs the guard on the app's connection under tests (CoreModule's providers). */
export const CONNECTION_GUARD_PROVIDER = {
  provide: 'CONNECTION_GUARD',
  inject: [DataSource, APP_CONFIG],
  useFactory: (dataSource: DataSource, config: AppConfig): boolean => {
    if (config.NODE_ENV !== 'test') return false;
    refuseSecondConnections(dataSource);
    return true;
  },
};
