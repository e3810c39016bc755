import { describe, expect, it } from 'vitest';
import { TEXT_MESSAGES, jsonTextProblem, textProblem } from '../../../src/domain/validation/text.ts';

describe('textProblem: text a database accepts', () => {
  it.each([
    ['', null],
    ['Ada Lovelace', null],
    ['emoji pair 😀 and 𝄞', null],
    ['tab\tnewline\ncontrol\u0001\u007f', null],
    ['Łódź 漢字 العربية', null],
    ['replacement \ufffd and BOM \ufeff', null],
    ['a\u0000b', TEXT_MESSAGES.nul],
    ['\u0000', TEXT_MESSAGES.nul],
    ['high alone \ud800', TEXT_MESSAGES.surrogate],
    ['\udc00 low alone', TEXT_MESSAGES.surrogate],
    ['reversed pair \ude00\ud83d', TEXT_MESSAGES.surrogate],
    ['pair then stray 😀\ud83d', TEXT_MESSAGES.surrogate],
  ])('%j → %j', (value, expected) => expect(textProblem(value)).toBe(expected));
});

describe('jsonTextProblem: the first bad string or key anywhere in a body, with its path', () => {
  it.each([
    [{ email: 'a@b.co', n: 5, ok: true, none: null }, null],
    [{ set: { bio: 'x\u0000' } }, `set.bio: ${TEXT_MESSAGES.nul}`],
    [{ changes: { nodes: { upsert: [{ id: 'n1' }, { id: 'n2', data: { profileId: '\ud800' } }] } } }, `changes.nodes.upsert.1.data.profileId: ${TEXT_MESSAGES.surrogate}`],
    [{ set: { 'bi\u0000o': 'x' } }, `set: ${TEXT_MESSAGES.nul}`],
    [{ 'k\udc00': 1 }, TEXT_MESSAGES.surrogate],
    [['fine', ['\u0000']], `1.0: ${TEXT_MESSAGES.nul}`],
    ['\u0000', TEXT_MESSAGES.nul],
  ])('%j → %j', (value, expected) => expect(jsonTextProblem(value)).toBe(expected));

  it('walks any depth without recursion', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonTextProblem(deep)).toMatch(/NUL character/);
  });
});
