// Issue #4 "Carts are state ... behind the state/ port": the port's contract, run against the
// in-memory adapter and the Netlify Blobs adapter on the real Blobs client and local server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStateStore } from '../src/state/memory';
import { BlobsStateStore, type BlobsLike } from '../src/state/blobs';
import { KeyedLock } from '../src/state/keyed-lock';
import { StateError, type StateStore } from '../src/state/port';
import { startBlobsServer } from './helpers/ucp';

let blobs: { stop: () => Promise<void> };
beforeAll(async () => {
  blobs = await startBlobsServer();
});
afterAll(() => blobs.stop());

function clock() {
  let t = Date.parse('2026-11-20T10:00:00Z');
  return { now: () => t, advance: (seconds: number) => (t += seconds * 1000) };
}

let run = 0;
const adapters: Array<[string, (now: () => number) => StateStore]> = [
  ['memory', (now) => new MemoryStateStore({ now })],
  ['blobs', (now) => new BlobsStateStore({ name: `state-test-${run++}`, now })],
];

describe.each(adapters)('state port contract: %s adapter', (_name, make) => {
  it('reads back what was written, with an etag that changes on every write', async () => {
    const state = make(Date.now);
    expect(await state.get('carts/a')).toBeNull();
    const first = await state.set('carts/a', { n: 1, list: ['x'] });
    expect(first?.etag).toEqual(expect.any(String));
    const read = await state.get<{ n: number }>('carts/a');
    expect(read).toEqual({ value: { n: 1, list: ['x'] }, etag: first!.etag, expiresAt: null });
    const second = await state.set('carts/a', { n: 2 });
    expect(second!.etag).not.toBe(first!.etag);
  });

  it('ifNew writes only when no live document exists', async () => {
    const state = make(Date.now);
    expect(await state.set('k/new', 1, { ifNew: true })).not.toBeNull();
    expect(await state.set('k/new', 2, { ifNew: true })).toBeNull();
    expect((await state.get('k/new'))!.value).toBe(1);
  });

  it('ifMatch is compare-and-set: a stale etag or a deleted document fails', async () => {
    const state = make(Date.now);
    const { etag } = (await state.set('k/cas', 'a'))!;
    const next = await state.set('k/cas', 'b', { ifMatch: etag });
    expect(next).not.toBeNull();
    expect(await state.set('k/cas', 'c', { ifMatch: etag })).toBeNull();
    expect((await state.get('k/cas'))!.value).toBe('b');
    expect(await state.delete('k/cas', { ifMatch: next!.etag })).toBe(true);
    expect(await state.set('k/cas', 'd', { ifMatch: next!.etag })).toBeNull();
    expect(await state.get('k/cas')).toBeNull();
  });

  it('a conditional delete fails on a stale etag; deleting nothing returns false', async () => {
    const state = make(Date.now);
    const { etag } = (await state.set('k/del', 1))!;
    await state.set('k/del', 2);
    expect(await state.delete('k/del', { ifMatch: etag })).toBe(false);
    expect((await state.get('k/del'))!.value).toBe(2);
    expect(await state.delete('k/del')).toBe(true);
    expect(await state.delete('k/del')).toBe(false);
    expect(await state.set('k/del', 3, { ifNew: true })).not.toBeNull();
  });

  it('expiry is data: a document past its TTL reads as absent and can be recreated with ifNew', async () => {
    const c = clock();
    const state = make(c.now);
    const written = await state.set('k/ttl', 'v', { ttlSeconds: 10 });
    expect((await state.get('k/ttl'))!.expiresAt).toBe(c.now() + 10_000);
    c.advance(9);
    expect((await state.get('k/ttl'))!.value).toBe('v');
    c.advance(2);
    expect(await state.get('k/ttl')).toBeNull();
    expect(await state.set('k/ttl', 'w', { ifMatch: written!.etag })).toBeNull();
    expect(await state.set('k/ttl', 'new', { ifNew: true })).not.toBeNull();
    expect((await state.get('k/ttl'))!.value).toBe('new');
  });

  it('50 concurrent compare-and-set increments all land (retrying on conflict)', async () => {
    const state = make(Date.now);
    await state.set('k/counter', 0);
    const increment = async () => {
      for (;;) {
        const cur = (await state.get<number>('k/counter'))!;
        if (await state.set('k/counter', cur.value + 1, { ifMatch: cur.etag })) return;
      }
    };
    await Promise.all(Array.from({ length: 50 }, increment));
    expect((await state.get('k/counter'))!.value).toBe(50);
  });

  it('refuses malformed keys and contradictory options with StateError', async () => {
    const state = make(Date.now);
    for (const key of ['', '../x', 'a//b', 'a/../b', 'a b', 'x/']) await expect(state.get(key)).rejects.toThrow(StateError);
    await expect(state.set('k/x', 1, { ifNew: true, ifMatch: 'e' })).rejects.toThrow(StateError);
    await expect(state.set('k/x', 1, { ttlSeconds: 0 })).rejects.toThrow(StateError);
  });
});

describe('Netlify Blobs adapter specifics', () => {
  function recordingStore(): BlobsLike & { writes: Array<Record<string, unknown> | undefined>; docs: Map<string, unknown> } {
    const docs = new Map<string, unknown>();
    const writes: Array<Record<string, unknown> | undefined> = [];
    return {
      docs,
      writes,
      async getWithMetadata(key) {
        return docs.has(key) ? { data: docs.get(key), etag: undefined } : null;
      },
      async setJSON(key, data, options) {
        writes.push(options);
        docs.set(key, data);
        return { modified: true, etag: '' };
      },
      async delete(key) {
        docs.delete(key);
      },
    };
  }

  it('never passes onlyIfMatch: undefined (an unconditional write) when the backend returns no etag', async () => {
    const store = recordingStore();
    const state = new BlobsStateStore({ store });
    const { etag } = (await state.set('k/a', 1))!;
    await state.set('k/a', 2, { ifMatch: etag });
    await state.set('k/b', 1, { ifNew: true });
    for (const options of store.writes) {
      expect(!!options && 'onlyIfMatch' in options && options.onlyIfMatch === undefined, JSON.stringify(options)).toBe(false);
    }
    expect(store.writes).toContainEqual({ onlyIfNew: true });
  });

  it('serialises writes per key inside the process', async () => {
    const lock = new KeyedLock();
    const order: string[] = [];
    const slow = (tag: string, ms: number) => lock.run('k', async () => {
      order.push(`start ${tag}`);
      await new Promise((r) => setTimeout(r, ms));
      order.push(`end ${tag}`);
    });
    await Promise.all([slow('a', 30), slow('b', 1), lock.run('other', async () => order.push('other'))]);
    expect(order).toEqual(['start a', 'other', 'end a', 'start b', 'end b']);
    expect(lock.size).toBe(0);
  });

  it('turns backend failures into StateError', async () => {
    const failing: BlobsLike = {
      getWithMetadata: async () => { throw new Error('connection refused'); },
      setJSON: async () => { throw new Error('connection refused'); },
      delete: async () => { throw new Error('connection refused'); },
    };
    const state = new BlobsStateStore({ store: failing });
    await expect(state.get('k/a')).rejects.toThrow(/Netlify Blobs read of "k\/a" failed: connection refused/);
    await expect(state.set('k/a', 1)).rejects.toThrow(StateError);
  });
});
