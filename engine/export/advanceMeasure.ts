/**
 * Text widths for a chart drawn on screen, from a table of each character's advance: the canvas
 * measures a character once per weight (at a reference size), and a text's width is the sum of
 * its characters' advances scaled to its size. A 10-generation fan measures a thousand names and
 * years, and cutting one to its slot measures it again and again: through `measureText` that was
 * most of the fan's first frame (2–4 ms per hundred calls, the first ones slower still). Kerning
 * is left out, as the export's own measure (`FontSet.measure`) leaves it out; Inter's kerning
 * pairs mostly pull letters together, so a text fitted by this width is never wider than its room.
 */
import type { Measure } from './record.ts';

/** The size characters are measured at: large enough that rounding inside the canvas is lost. */
const REFERENCE = 64;

/** A measure from `measureOne` (the canvas's, one text at a size and weight), by character. */
export function advanceMeasure(measureOne: Measure): Measure {
  // Advances of the Basic Multilingual Plane by weight, in ems; NaN: not measured yet.
  const tables = new Map<number, Float64Array>();
  const astral = new Map<string, number>();
  return (text, size, weight) => {
    let table = tables.get(weight);
    if (!table) tables.set(weight, (table = new Float64Array(0x10000).fill(NaN)));
    let ems = 0;
    // By UTF-16 unit (no string iterator per call); a surrogate pair is one character.
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      if (unit < 0xd800 || unit > 0xdfff) {
        let a = table[unit]!;
        if (a !== a) table[unit] = a = measureOne(text[i]!, REFERENCE, weight) / REFERENCE;
        ems += a;
      } else {
        const ch = text.slice(i, i + (unit < 0xdc00 && i + 1 < text.length ? 2 : 1));
        i += ch.length - 1;
        const key = `${weight} ${ch}`;
        let a = astral.get(key);
        if (a === undefined) astral.set(key, (a = measureOne(ch, REFERENCE, weight) / REFERENCE));
        ems += a;
      }
    }
    return ems * size;
  };
}
