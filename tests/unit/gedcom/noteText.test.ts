import { describe, expect, it } from 'vitest';
import { isHtml, noteText } from '../../../src/gedcom/noteText.ts';
import { utf8 } from './fixtures.ts';
import { asGraph, exportText, importText } from './graphHelpers.ts';

describe('notes written as HTML become plain text (issue 20)', () => {
  it.each([
    ['plain text stays as it is', 'Born at Kensington Palace.\n\nQueen 1837 <3', 'Born at Kensington Palace.\n\nQueen 1837 <3'],
    ['a paragraph with a style', '<p style="text-align: justify;">Queen of the United Kingdom.</p>', 'Queen of the United Kingdom.'],
    ['paragraphs keep a blank line between them', '<p>First.</p><p>Second.</p>', 'First.\n\nSecond.'],
    ['line breaks', 'One<br>Two<br/>Three<BR />Four', 'One\nTwo\nThree\nFour'],
    ['inline tags go, their text stays', 'A <b>bold</b> and <a href="x">linked</a> word', 'A bold and linked word'],
    ['entities are decoded', '<p>Fish &amp; chips &lt;3 &quot;yes&quot; &#233;t&#xE9; caf&eacute;&nbsp;x</p>', 'Fish & chips <3 "yes" été caf&eacute; x'],
    ['a script never comes through', '<p>Hi</p><script>alert(1)</script><style>p{}</style>', 'Hi'],
    ['an escaped tag stays text, never markup', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>', '<script>alert(1)</script>'],
    ['spaces inside lines are tidied', '<div>  a   lot\tof   space </div>', 'a lot of space'],
  ])('%s', (_name, note, text) => expect(noteText(note)).toBe(text));

  it.each([
    ['<p>x</p>', true],
    ['a <br/> b', true],
    ['1 < 2 and 3 > 2', false],
    ['<3', false],
  ])('isHtml(%j) → %s', (text, html) => expect(isHtml(text)).toBe(html));

  it('an import shows the note as text in the bio, and the export keeps the note as written', () => {
    const html = '<p style="text-align:center">Queen &amp; Empress</p><p>Reigned 63 years.</p>';
    const file = `0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME Victoria //\n1 NOTE ${html}\n0 TRLR\n`;
    const imported = importText(utf8(file));
    expect(imported.profiles[0]!.bio).toBe('Queen & Empress\n\nReigned 63 years.');
    const out = exportText(asGraph(imported), '5.5.1');
    expect(out).toContain(`1 NOTE ${html}`);
    expect(importText(out).profiles[0]!.bio).toBe('Queen & Empress\n\nReigned 63 years.');
  });
});
