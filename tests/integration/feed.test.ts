import { beforeEach, describe, expect, it } from 'vitest';
import { emptyChangeSet } from '../../src/domain/changeSet.ts';
import type { GraphChangeEvent } from '../../src/backend/ports.ts';
import { sqlChangeLog } from '../../server/graphs/changeLog.ts';
import { createLocalFeed, type ChangeLog, type FeedListener } from '../../server/graphs/feed.ts';
import { recordRevision } from '../../server/graphs/store.ts';
import { eventually, useTestDatabase } from './helpers.ts';

/**
 * The live feed on one process: whatever order this process publishes its commits in, and
 * whatever it never saw itself (another process's commits), each listener receives every revision
 * once, in order, read from the change log where needed, or `reload` where the log cannot help.
 */
const database = useTestDatabase();
beforeEach(async () => {
  await database.db.query(`INSERT INTO users (uid, email, password_hash) VALUES ('u1', 'u1@example.com', 'x')`);
  await database.db.query(`INSERT INTO graphs (id, owner_uid) VALUES ('u1', 'u1')`);
});

const event = (revision: number): GraphChangeEvent => ({ revision, changes: emptyChangeSet(revision - 1), clientId: `tab-${revision}`, actorUid: 'u1' });

/** Commits revisions the way a save does (revision, log, NOTIFY), without publishing them. */
async function commit(...revisions: number[]): Promise<GraphChangeEvent[]> {
  const events = revisions.map(event);
  for (const e of events) await database.db.transaction((tx) => recordRevision(tx, 'u1', e));
  return events;
}

function recorder() {
  const got: string[] = [];
  const listener: FeedListener = {
    change: (e) => void got.push(`change ${e.revision} ${e.clientId}`),
    reload: (r) => void got.push(`reload ${r}`),
    fail: () => void got.push('fail'),
  };
  const next = (count: number) => eventually(() => (got.length >= count ? [...got] : undefined));
  return { got, listener, next };
}

describe('live feed', () => {
  it('delivers each revision once and in order, whatever order this process publishes them in', async () => {
    const feed = createLocalFeed(sqlChangeLog(database.db));
    const r = recorder();
    feed.subscribe('u1', 0, r.listener);
    const [e1, e2, e3] = await commit(1, 2, 3);
    feed.publish('u1', e3!);
    feed.publish('u1', e1!);
    feed.publish('u1', e2!);
    const [e4] = await commit(4);
    feed.publish('u1', e4!);
    expect(await r.next(4)).toEqual(['change 1 tab-1', 'change 2 tab-2', 'change 3 tab-3', 'change 4 tab-4']);
    await feed.close();
  });

  it('reads from the log what it did not publish, and says reload where the log has a hole', async () => {
    const feed = createLocalFeed(sqlChangeLog(database.db));
    const r = recorder();
    feed.subscribe('u1', 0, r.listener);
    const [, , e3] = await commit(1, 2, 3);
    feed.publish('u1', e3!);
    expect(await r.next(3)).toEqual(['change 1 tab-1', 'change 2 tab-2', 'change 3 tab-3']);
    const [, , e6] = await commit(4, 5, 6);
    await database.db.query(`DELETE FROM graph_changes WHERE graph_id = 'u1' AND revision = 5`);
    feed.publish('u1', e6!);
    const [e7] = await commit(7);
    feed.publish('u1', e7!);
    expect(await r.next(5)).toEqual(['change 1 tab-1', 'change 2 tab-2', 'change 3 tab-3', 'reload 6', 'change 7 tab-7']);
    await feed.close();
  });

  it('replays after `since`; a `since` ahead of the graph gets reload at the latest revision', async () => {
    const feed = createLocalFeed(sqlChangeLog(database.db));
    await commit(1, 2, 3);
    const behind = recorder();
    const ahead = recorder();
    const fromNow = recorder();
    feed.subscribe('u1', 1, behind.listener);
    expect(await behind.next(2)).toEqual(['change 2 tab-2', 'change 3 tab-3']);
    feed.subscribe('u1', 9, ahead.listener);
    feed.subscribe('u1', null, fromNow.listener);
    expect(await ahead.next(1)).toEqual(['reload 3']);
    // Joins and deliveries of one graph pass one queue: revision 4 comes after every join above.
    const [e4] = await commit(4);
    feed.publish('u1', e4!);
    expect(await behind.next(3)).toEqual(['change 2 tab-2', 'change 3 tab-3', 'change 4 tab-4']);
    expect(await ahead.next(2)).toEqual(['reload 3', 'change 4 tab-4']);
    expect(await fromNow.next(1)).toEqual(['change 4 tab-4']);
    await feed.close();
  });

  it('a failed read ends the subscriptions of the graph; subscribing again works', async () => {
    const log = sqlChangeLog(database.db);
    let failing = true;
    const flaky: ChangeLog = {
      latest: log.latest,
      between: (...args) => (failing ? Promise.reject(new Error('connection lost')) : log.between(...args)),
    };
    const errors: unknown[] = [];
    const feed = createLocalFeed(flaky, { onError: (e) => errors.push(e) });
    await commit(1, 2);
    const first = recorder();
    feed.subscribe('u1', 0, first.listener);
    expect(await first.next(1)).toEqual(['fail']);
    expect(errors).toHaveLength(1);
    failing = false;
    const again = recorder();
    feed.subscribe('u1', 0, again.listener);
    const [e3] = await commit(3);
    feed.publish('u1', e3!);
    expect(await again.next(3)).toEqual(['change 1 tab-1', 'change 2 tab-2', 'change 3 tab-3']);
    expect(first.got).toEqual(['fail']);
    await feed.close();
  });
});
