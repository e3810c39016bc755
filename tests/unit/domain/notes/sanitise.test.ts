import { describe, expect, it } from 'vitest';
import { noteToPlainText, plainTextToNote, sanitiseNote } from '../../../../src/domain/notes/sanitise.ts';

describe('sanitiseNote: what could run is removed', () => {
  it.each([
    ['<script>alert(1)</script>Hi', 'Hi'],
    ['<SCRIPT src="x.js"></SCRIPT>ok', 'ok'],
    ['<img src=x onerror=alert(1)>text', 'text'],
    ['<p onclick="alert(1)">a</p>', '<p>a</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="jav&#x61;script:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java\tscript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<svg><script>alert(1)</script></svg>after', 'after'],
    ['<style>body{display:none}</style>shown', 'shown'],
    ['<iframe src="https://evil.example"></iframe>x', 'x'],
    ['<!-- <script>alert(1)</script> -->x', 'x'],
    ['<b>bold <i>both</b> end', '<b>bold <i>both</i></b> end'],
    ['<p>unclosed', '<p>unclosed</p>'],
    ['</p>stray', 'stray'],
    ['1 < 2 & 3 > 2', '1 &lt; 2 &amp; 3 &gt; 2'],
    ['&lt;script&gt; stays text', '&lt;script&gt; stays text'],
    ['<div><span style="color:red">in</span></div>', 'in'],
    ['<a href="x" onmouseover="alert(1)">y', '<a>y</a>'],
    // More of the usual tricks (issue "Evidence and memories": an XSS table).
    ['<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#0000106avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['<a href="//evil.example/x">x</a>', '<a>x</a>'],
    ['<a href=javascript:alert(1)>x</a>', '<a>x</a>'],
    ['<a title="x" href="https://ok.example/a?b=1&amp;c=2">ok</a>', '<a href="https://ok.example/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">ok</a>'],
    ['<a href="https://ok.example/&quot;onmouseover=&quot;alert(1)">x</a>', '<a href="https://ok.example/&quot;onmouseover=&quot;alert(1)" rel="noopener noreferrer nofollow" target="_blank">x</a>'],
    ['<a href="mailto:ada@example.org">mail</a>', '<a href="mailto:ada@example.org" rel="noopener noreferrer nofollow" target="_blank">mail</a>'],
    ['<body onload=alert(1)>x', 'x'],
    ['<input autofocus onfocus=alert(1)>x', 'x'],
    ['<details open ontoggle=alert(1)>x', 'x'],
    ['<object data="x.swf"></object>x', 'x'],
    ['<embed src="x.swf">x', 'x'],
    ['<math><mtext><script>alert(1)</script></mtext></math>x', 'x'],
    ['<template><img src=x onerror=alert(1)></template>x', 'x'],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
    ['<textarea><img src=x onerror=alert(1)></textarea>x', 'x'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
    ['<img src="x" alt="<script>alert(1)</script>">', ''],
    ['<p style="background:url(javascript:alert(1))">a</p>', '<p>a</p>'],
    ['<b/onmouseover=alert(1)>x</b>', '<b>x</b>'],
    ['<![CDATA[<script>alert(1)</script>]]>x', 'x'],
    ['<?xml-stylesheet href="x"?>x', 'x'],
    ['<ul><li>one<li>two</ul>', '<ul><li>one<li>two</li></li></ul>'],
  ])('%s', (input, expected) => {
    expect(sanitiseNote(input)).toBe(expected);
  });
});

describe('sanitiseNote: the allowed subset is kept', () => {
  it.each([
    ['<p>One</p><p>Two</p>', '<p>One</p><p>Two</p>'],
    ['a<br>b<br/>c', 'a<br>b<br>c'],
    ['<b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u>', '<b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u>'],
    ['<ul><li>one</li><li>two</li></ul><ol><li>x</li></ol>', '<ul><li>one</li><li>two</li></ul><ol><li>x</li></ol>'],
    [
      '<a href="https://example.org/a?b=1&amp;c=2">link</a>',
      '<a href="https://example.org/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">link</a>',
    ],
    ['<A HREF=\'mailto:a@b.org\'>mail</A>', '<a href="mailto:a@b.org" rel="noopener noreferrer nofollow" target="_blank">mail</a>'],
  ])('%s', (input, expected) => {
    expect(sanitiseNote(input)).toBe(expected);
  });

  it('is stable: sanitising twice changes nothing', () => {
    const once = sanitiseNote('<p>a <a href="https://x.org/?q=1&r=2">l</a> <script>x</script><b>b');
    expect(sanitiseNote(once)).toBe(once);
  });
});

describe('plain text notes', () => {
  it('a 5.5.1 note becomes paragraphs, escaped', () => {
    expect(plainTextToNote('Born <here>.\nSecond line\n\nNew & para')).toBe('<p>Born &lt;here&gt;.<br>Second line</p><p>New &amp; para</p>');
  });
  it('and back to text', () => {
    expect(noteToPlainText('<p>Born &lt;here&gt;.<br>Second</p><ul><li>a</li><li>b</li></ul>')).toBe('Born <here>.\nSecond\na\nb');
  });
});
