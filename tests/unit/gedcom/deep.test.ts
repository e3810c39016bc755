import { describe, expect, it } from 'vitest';
import { planImport } from '../../../src/gedcom/importPlan.ts';
import { parseGedcom } from '../../../src/gedcom/parse.ts';
import { eachNode } from '../../../src/gedcom/types.ts';
import { utf8 } from './fixtures.ts';
import { asGraph, exportText, importText, NOW, SITE } from './graphHelpers.ts';

/** Far deeper than the ~4,000 levels that overflowed the stack when every walk recursed per level. */
const DEPTH = 10_000;

/**
 * `levels` structures, each nested in the one before, under a line at `from`: without values, so
 * a person's kept structures stay under their 100,000-character limit and all are kept.
 */
function nested(from: number, levels: number): string {
  const lines = [];
  for (let l = 1; l <= levels; l++) lines.push(`${from + l} _D`);
  return lines.join('\n');
}

const deepFile = (version: '5.5.1' | '7.0') =>
  [
    '0 HEAD',
    '1 GEDC',
    `2 VERS ${version}`,
    ...(version === '5.5.1' ? ['1 CHAR UTF-8'] : []),
    '0 @I1@ INDI',
    '1 NAME Ada /Deep/',
    '1 _NEST',
    nested(1, DEPTH),
    '1 FAMS @F1@',
    '0 @I2@ INDI',
    '1 NAME Bob /Deep/',
    '1 FAMS @F1@',
    '0 @F1@ FAM',
    '1 HUSB @I2@',
    '1 WIFE @I1@',
    '1 _NEST',
    nested(1, DEPTH),
    '0 TRLR',
    '',
  ].join('\n');

/** The depth of the deepest structure under `node`, found without recursion. */
function depthOf(node: { children: readonly { children: readonly unknown[] }[] }): number {
  let deepest = 0;
  const stack: [typeof node, number][] = [[node, 0]];
  while (stack.length) {
    const [n, d] = stack.pop()!;
    deepest = Math.max(deepest, d);
    for (const c of n.children) stack.push([c as typeof node, d + 1]);
  }
  return deepest;
}

describe(`a GEDCOM nested ${DEPTH.toLocaleString('en')} levels deep`, () => {
  it.each(['5.5.1', '7.0'] as const)('imports and exports (%s) without overflowing the stack, the people whole', (version) => {
    const text = deepFile(version);
    const parsed = parseGedcom(utf8(text));
    const deepest = (records: typeof parsed.records, xref: string) => depthOf(records.find((r) => r.xref === xref || r.xref?.endsWith(`_${xref}`))!);
    expect(deepest(parsed.records, 'I1')).toBe(DEPTH + 1);

    // The app's import (the worker's plan: parse, map, lay out, the change set).
    let k = 0;
    const newProfileId = () => `pr:${String(k++).padStart(32, '0')}`;
    const plan = planImport(utf8(text), { uid: 'u-me', now: NOW, currentYear: 2026, siteOrigin: SITE, xrefPrefix: 'A', firstNodeNumber: 101, origin: { x: 0, y: 0 }, newProfileId, random: Math.random });
    expect(plan.changes.nodes.upsert).toHaveLength(2);
    expect(JSON.parse(JSON.stringify(plan.changes)).profiles.upsert).toHaveLength(2);

    const imported = importText(text);
    expect(imported.profiles.map((p) => `${p.firstName} ${p.lastName}`)).toEqual(['Ada Deep', 'Bob Deep']);
    expect(imported.profiles[0]!.spouses).toEqual([imported.profiles[1]!.id]);

    const exported = exportText(asGraph(imported), version);
    const again = parseGedcom(utf8(exported));
    // The deep structures are kept, and come back as deep.
    const [person, family] = [again.records.filter((r) => r.tag === 'INDI')[0]!, again.records.find((r) => r.tag === 'FAM')!];
    expect([depthOf(person), depthOf(family)]).toEqual([DEPTH + 1, DEPTH + 1]);
    const reimported = importText(exported);
    expect(reimported.profiles.map((p) => `${p.firstName} ${p.lastName}`)).toEqual(['Ada Deep', 'Bob Deep']);
    expect(reimported.profiles[0]!.spouses).toEqual([reimported.profiles[1]!.id]);
  });
});

describe('eachNode', () => {
  const tree = parseGedcom(utf8('0 HEAD\n1 GEDC\n2 VERS 7.0\n0 @I1@ INDI\n1 A\n2 B\n3 C\n2 D\n1 E\n0 TRLR\n')).records[1]!;
  it('visits in file order with depths, without recursion', () => {
    const seen: string[] = [];
    eachNode(tree, (n, d) => void seen.push(`${d}${n.tag}`));
    expect(seen).toEqual(['0INDI', '1A', '2B', '3C', '2D', '1E']);
  });
  it('skips what is under a structure its visit answers false for', () => {
    const seen: string[] = [];
    eachNode(tree, (n) => (seen.push(n.tag), n.tag !== 'B'));
    expect(seen).toEqual(['INDI', 'A', 'B', 'D', 'E']);
  });
});
