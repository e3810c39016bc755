import { describe, expect, it } from 'vitest';
import { withoutUndefined } from '../../../../src/backend/firebase/call.ts';

describe('withoutUndefined (§7: undefined values are stripped before a callable is sent)', () => {
  it.each<[unknown, unknown]>([
    [{ inviterUid: undefined, graphUid: 'g', nodeId: 'n1002' }, { graphUid: 'g', nodeId: 'n1002' }],
    [{ changes: { nodes: { upsert: [{ id: 'n1', data: { note: undefined, isPrimary: false } }] } } }, { changes: { nodes: { upsert: [{ id: 'n1', data: { isPrimary: false } }] } } }],
    [{ keep: null, empty: '', zero: 0, no: false }, { keep: null, empty: '', zero: 0, no: false }],
    ['text', 'text'],
  ])('%j', (input, output) => {
    expect(withoutUndefined(input)).toStrictEqual(output);
    // The same as the self-hosted adapter's JSON body.
    expect(withoutUndefined(input)).toStrictEqual(JSON.parse(JSON.stringify(input)));
  });
});
