import { describe, expect, it, vi } from 'vitest';
import type { Firestore } from 'firebase/firestore';
import type { Call } from '../../../../src/backend/firebase/call.ts';
import { FIREBASE_SAVE_LIMIT } from '../../../../src/backend/firebase/callables.ts';
import { createFirebaseGraphRepository } from '../../../../src/backend/firebase/firebaseGraphRepository.ts';
import type { GraphImporter } from '../../../../src/backend/ports.ts';
import { emptyChangeSet } from '../../../../src/domain/changeSet.ts';

/** A save over what one callable (and one transaction) takes goes the bulk way, as on the self-hosted server. */
describe('the Firebase GraphRepository: a save too large for one callable', () => {
  function setup(saveBodyLimit?: number) {
    const call = vi.fn(async () => ({ revision: 7 })) as unknown as Call & ReturnType<typeof vi.fn>;
    const importChangeSet = vi.fn(async () => ({ revision: 8 }));
    const bulk = { importChangeSet } as unknown as GraphImporter;
    const repo = createFirebaseGraphRepository({ call, firestore: () => ({}) as Firestore, uid: () => 'u1', window: null, bulk, saveBodyLimit });
    return { repo, call, importChangeSet };
  }

  const withNotes = (chars: number) => {
    const cs = emptyChangeSet(3);
    cs.profiles.upsert = [{ id: 'pr:a', set: { bio: 'x'.repeat(chars) } }];
    return cs;
  };

  it('goes through the import callables as one revision, with its migration flags; a small save stays one call', async () => {
    const { repo, call, importChangeSet } = setup(8 * 1024);
    const big = withNotes(9 * 1024);
    expect(await repo.save('g1', big, 'tab-a', ['m1'])).toEqual({ revision: 8 });
    expect(importChangeSet).toHaveBeenCalledWith('g1', big, 'tab-a', undefined, { markMigrations: ['m1'] });
    expect(call).not.toHaveBeenCalled();

    expect(await repo.save('g1', withNotes(100), 'tab-a')).toEqual({ revision: 7 });
    expect(call).toHaveBeenCalledWith('saveChanges', { graphId: 'g1', changes: withNotes(100), clientId: 'tab-a' });
    expect(importChangeSet).toHaveBeenCalledTimes(1);
  });

  it('counts UTF-8 bytes, and by default the limit is FIREBASE_SAVE_LIMIT', async () => {
    const { repo, importChangeSet } = setup(8 * 1024);
    // 3,000 characters of three bytes each: 9,000 bytes.
    const cs = emptyChangeSet(3);
    cs.profiles.upsert = [{ id: 'pr:a', set: { bio: '€'.repeat(3000) } }];
    await repo.save('g1', cs, 'tab-a');
    expect(importChangeSet).toHaveBeenCalledTimes(1);

    const byDefault = setup();
    await byDefault.repo.save('g1', withNotes(FIREBASE_SAVE_LIMIT - 1000), 'tab-a');
    expect(byDefault.importChangeSet).not.toHaveBeenCalled();
    await byDefault.repo.save('g1', withNotes(FIREBASE_SAVE_LIMIT), 'tab-a');
    expect(byDefault.importChangeSet).toHaveBeenCalledTimes(1);
  });
});
