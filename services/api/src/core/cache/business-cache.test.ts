import { describe, expect, it } from 'vitest';
import { BusinessCache } from './business-cache.js';

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
