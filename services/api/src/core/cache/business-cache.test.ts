import { describe, expect, it } from 'vitest';
import { BusinessCache, type Expiring } from './business-cache.js';

/** A loader that counts its calls and answers `value` (or what `next` says). */
function loader<T>(value: T) {
  const counted: { calls: number; next: T; load: () => Promise<T> } = {
    calls: 0,
    next: value,
    load: async () => {
      counted.calls += 1;
      return counted.next;
    },
  };
  return counted;
}

function listeningCache() {
  const cache = new BusinessCache();
  cache.setListening(true);
  return cache;
}

describe('BusinessCache', () => {
  it('keeps nothing while its listener is not connected', async () => {
    const cache = new BusinessCache();
    const l = loader('hours');
    await cache.get(1, 'week', l.load);
    await cache.get(1, 'week', l.load);
    expect(l.calls).toBe(2);
    expect(cache.active).toBe(false);
  });

  it('loads an entry once, shared by concurrent readers, until its business changes', async () => {
    const cache = listeningCache();
    const l = loader('hours');
    const [a, b] = await Promise.all([cache.get(1, 'week', l.load), cache.get(1, 'week', l.load)]);
    expect([a, b, l.calls]).toEqual(['hours', 'hours', 1]);
    await cache.get(1, 'week', l.load);
    expect(l.calls).toBe(1);

    l.next = 'new hours';
    cache.invalidate(1);
    expect(await cache.get(1, 'week', l.load)).toBe('new hours');
    expect(l.calls).toBe(2);
  });

  it('drops only the changed business, and every shared entry', async () => {
    const cache = listeningCache();
    const one = loader('one');
    const two = loader('two');
    const directory = loader(['one', 'two']);
    await cache.get(1, 'row', one.load);
    await cache.get(2, 'row', two.load);
    await cache.getShared('directory', directory.load);

    cache.invalidate(2);
    await cache.get(1, 'row', one.load);
    await cache.get(2, 'row', two.load);
    await cache.getShared('directory', directory.load);
    expect([one.calls, two.calls, directory.calls]).toEqual([1, 2, 2]);
  });

  it('starts empty whenever the listener (re)connects or drops', async () => {
    const cache = listeningCache();
    const l = loader('row');
    await cache.get(1, 'row', l.load);
    cache.setListening(false);
    cache.setListening(true);
    await cache.get(1, 'row', l.load);
    expect(l.calls).toBe(2);
  });

  it('does not keep a value loaded while its business changed', async () => {
    const cache = listeningCache();
    let release!: (v: string) => void;
    const stale = cache.get(1, 'row', () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate(1);
    release('before the change');
    expect(await stale).toBe('before the change');
    const fresh = loader('after the change');
    expect(await cache.get(1, 'row', fresh.load)).toBe('after the change');
  });

  it('keeps neither failures nor what is not worth keeping', async () => {
    const cache = listeningCache();
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error('not found');
    };
    await expect(cache.get(1, 'row', failing)).rejects.toThrow('not found');
    await expect(cache.get(1, 'row', failing)).rejects.toThrow('not found');
    expect(calls).toBe(2);

    const miss = loader<number | null>(null);
    await cache.getShared('slug:nope', miss.load, (id) => id !== null);
    await cache.getShared('slug:nope', miss.load, (id) => id !== null);
    expect(miss.calls).toBe(2);
  });

  it('holds a bounded number of businesses, dropping the least recently read', async () => {
    const cache = listeningCache();
    const first = loader('first');
    await cache.get(0, 'row', first.load);
    for (let id = 1; id <= 5000; id += 1) await cache.get(id, 'row', async () => 'row');
    await cache.get(0, 'row', first.load);
    expect(first.calls).toBe(2);
  });

  it('keeps no place for a business whose load failed, so unknown ids push no business out', async () => {
    const cache = listeningCache();
    const known = loader('row');
    await cache.get(0, 'row', known.load);
    const unknown = () => Promise.reject(new Error('no such business'));
    for (let id = 1; id <= 5000; id += 1) {
      await expect(cache.get(id, 'row', unknown)).rejects.toThrow('no such business');
    }
    await cache.get(0, 'row', known.load);
    expect(known.calls).toBe(1);
  });

  it('reads through the cache only when asked to, and the tables (with their em) otherwise', async () => {
    const cache = listeningCache();
    const ems: unknown[] = [];
    const l = loader('rows');
    const load = (em: unknown) => {
      ems.push(em);
      return l.load();
    };
    const em = {} as NonNullable<Parameters<BusinessCache['read']>[2]['em']>;
    await cache.read(1, 'week', { cached: true }, load);
    await cache.read(1, 'week', { cached: true }, load);
    expect(l.calls).toBe(1);
    await cache.read(1, 'week', {}, load);
    await cache.read(1, 'week', { em }, load);
    expect(l.calls).toBe(3);
    expect(ems).toEqual([undefined, undefined, em]);

    cache.invalidate(1);
    await cache.read(1, 'week', { cached: true }, load);
    expect(l.calls).toBe(4);
  });
});

/** A loader of answers that counts its calls and answers `value` until `until`. */
function answers<T>(value: T, until: number) {
  const counted = {
    calls: 0,
    next: { value, until },
    load: async () => {
      counted.calls += 1;
      return counted.next;
    },
  };
  return counted;
}

describe('BusinessCache answers', () => {
  it('keep an answer per business and key until the instant it stops being true', async () => {
    const cache = listeningCache();
    const times = answers(['9:00 AM', '9:30 AM'], 1000);
    expect(await cache.answer(1, 'times:7:*:2027-01-05', 0, times.load)).toEqual([
      '9:00 AM',
      '9:30 AM',
    ]);
    expect(await cache.answer(1, 'times:7:*:2027-01-05', 999, times.load)).toEqual([
      '9:00 AM',
      '9:30 AM',
    ]);
    expect(times.calls).toBe(1);

    // Another key, another business: answers of their own.
    const other = answers(['10:00 AM'], 1000);
    await cache.answer(1, 'times:7:*:2027-01-06', 0, other.load);
    await cache.answer(2, 'times:7:*:2027-01-05', 0, other.load);
    expect(other.calls).toBe(2);

    // At `until` the answer is computed again, and kept until its own `until`.
    times.next = { value: ['9:30 AM'], until: 2000 };
    expect(await cache.answer(1, 'times:7:*:2027-01-05', 1000, times.load)).toEqual(['9:30 AM']);
    expect(await cache.answer(1, 'times:7:*:2027-01-05', 1999, times.load)).toEqual(['9:30 AM']);
    expect(times.calls).toBe(2);
  });

  it('are dropped by a change of their business’s availability, which keeps its rows', async () => {
    const cache = listeningCache();
    const times = answers(['9:00 AM'], Infinity);
    const row = loader('row');
    await cache.answer(1, 'times', 0, times.load);
    await cache.answer(2, 'times', 0, times.load);
    await cache.get(1, 'business', row.load);

    cache.invalidateAnswers(1);
    await cache.answer(1, 'times', 0, times.load);
    await cache.answer(2, 'times', 0, times.load);
    await cache.get(1, 'business', row.load);
    expect([times.calls, row.calls]).toEqual([3, 1]);
  });

  it('are dropped with the rest by a change of the business, and when the listener drops', async () => {
    const cache = listeningCache();
    const times = answers(['9:00 AM'], Infinity);
    await cache.answer(1, 'times', 0, times.load);
    cache.invalidate(1);
    await cache.answer(1, 'times', 0, times.load);
    expect(times.calls).toBe(2);

    cache.setListening(false);
    await cache.answer(1, 'times', 0, times.load);
    await cache.answer(1, 'times', 0, times.load);
    expect(times.calls).toBe(4);
  });

  it('do not keep an answer computed while its availability changed, nor a failure', async () => {
    const cache = listeningCache();
    let release!: (v: Expiring<string>) => void;
    const stale = cache.answer(
      1,
      'times',
      0,
      () => new Promise<Expiring<string>>((resolve) => (release = resolve)),
    );
    // The entry is stored before its load runs (after the wait for changes to arrive).
    await new Promise((r) => setImmediate(r));
    cache.invalidateAnswers(1);
    release({ value: 'before the booking', until: Infinity });
    expect(await stale).toBe('before the booking');
    const fresh = answers('after the booking', Infinity);
    expect(await cache.answer(1, 'times', 0, fresh.load)).toBe('after the booking');

    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error('no such service');
    };
    await expect(cache.answer(1, 'times:404', 0, failing)).rejects.toThrow('no such service');
    await expect(cache.answer(1, 'times:404', 0, failing)).rejects.toThrow('no such service');
    expect(calls).toBe(2);
  });

  it('wait for the changes committed before them, and are computed afresh when that fails', async () => {
    const cache = new BusinessCache();
    const order: string[] = [];
    let caughtUp: () => Promise<void> = async () => {
      order.push('caught up');
    };
    cache.setListening(true, () => caughtUp());
    const times = answers('times', Infinity);
    const load = () => {
      order.push('load');
      return times.load();
    };
    await cache.answer(1, 'times', 0, load);
    await cache.answer(1, 'times', 0, load);
    expect(order).toEqual(['caught up', 'load', 'caught up']);

    caughtUp = () => Promise.reject(new Error('connection lost'));
    await cache.answer(1, 'times', 0, load);
    expect(times.calls).toBe(2);
  });

  it('hold a bounded number, dropping the least recently read', async () => {
    const cache = listeningCache();
    const first = answers('first', Infinity);
    await cache.answer(0, 'times', 0, first.load);
    for (let id = 1; id <= 20_000; id += 1) {
      await cache.answer(id % 50, `times:${id}`, 0, async () => ({ value: id, until: Infinity }));
    }
    await cache.answer(0, 'times', 0, first.load);
    expect(first.calls).toBe(2);
  });
});
