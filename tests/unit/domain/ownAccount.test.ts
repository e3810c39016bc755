import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/domain/errors.ts';
import { planTreeChoices, TRANSFER_NOT_MEMBER, TREE_CHOICE_MISSING, TREE_CHOICE_UNKNOWN, type OwnedTreeChoice } from '../../../src/domain/ownAccount.ts';

/** The account deletion's tree choices, as the server and the Cloud Functions both check them. */
describe('planTreeChoices', () => {
  it('hands trees over and deletes the rest, deletions sorted', () => {
    const plan = planTreeChoices(
      [
        { graphId: 'g2', action: 'delete' },
        { graphId: 'g1', action: 'transfer', toUid: 'kid' },
        { graphId: 'me', action: 'delete' },
      ],
      ['me', 'g1', 'g2'],
      'me',
    );
    expect(plan).toEqual({ transfers: new Map([['g1', 'kid']]), deletes: ['g2', 'me'] });
  });

  it('owning nothing, choosing nothing: nothing to do', () => {
    expect(planTreeChoices([], [], 'me')).toEqual({ transfers: new Map(), deletes: [] });
  });

  it.each<[string, OwnedTreeChoice[], string]>([
    ['a tree left without a choice', [{ graphId: 'g1', action: 'delete' }], TREE_CHOICE_MISSING],
    ['a choice for a tree not owned', [{ graphId: 'g1', action: 'delete' }, { graphId: 'me', action: 'delete' }, { graphId: 'g9', action: 'delete' }], TREE_CHOICE_UNKNOWN],
    ['a hand-over to oneself', [{ graphId: 'g1', action: 'transfer', toUid: 'me' }, { graphId: 'me', action: 'delete' }], TRANSFER_NOT_MEMBER],
  ])('refuses %s (invalid-argument)', (_what, choices, message) => {
    let thrown: unknown;
    try {
      planTreeChoices(choices, ['me', 'g1'], 'me');
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ code: 'invalid-argument', message });
  });
});
