/**
 * The GEDCOM codec's public shapes. A document is a forest of nodes exactly as the file has them,
 * with the line-level syntax resolved: CONC/CONT joined into `value`, `@@` unescaped by the file's
 * version rule, the bytes decoded to Unicode. Meaning (people, families, dates) is the mapping's job.
 */

/** One GEDCOM structure: a line and the lines nested under it. */
export interface GedcomNode {
  /** The tag as written; standard tags are upper-cased if the file had them in lower case. */
  tag: string;
  /** The record's cross-reference id WITHOUT the @s: `0 @I1@ INDI` gives `'I1'`. */
  xref?: string;
  /**
   * The text payload: CONC lines appended as written (no space added or removed), each CONT
   * line appended after a '\n', `@@` unescaped by the version rule (5.x: every `@@`; 7.0: only a
   * leading one, per line). Undefined when the line has no value and no CONC/CONT follow it.
   * A value starting with `@#` (a 5.x date calendar escape such as `@#DJULIAN@`) is kept as written.
   */
  value?: string;
  /** The target of a pointer value, WITHOUT the @s: `1 FAMC @F1@` gives `'F1'`; `@VOID@` gives `'VOID'`. */
  pointer?: string;
  /** Nested structures in file order; CONC/CONT lines are folded into `value` and never appear here. */
  children: GedcomNode[];
  /** 1-based line number of the structure's first line in the file (CR, LF or CR LF end a line). */
  line: number;
}

export interface GedcomWarning {
  /** 1-based line the warning is about (0 for the file as a whole, e.g. its encoding). */
  line: number;
  /** A stable code (see WARNING_CODES in errors.ts). */
  code: string;
  /** Plain English, names the line. */
  message: string;
}

export interface GedcomDocument {
  /** HEAD.GEDC.VERS as written ('5.5', '5.5.1', '7.0', '7.0.14' …); '5.5' when the file has none. */
  version: string;
  /**
   * The encoding used to read the bytes: 'UTF-8', 'UTF-16LE', 'UTF-16BE', 'ANSEL', 'ASCII',
   * 'CP1252', 'CP850' (CHAR IBMPC) or 'MACINTOSH'. Found from the byte-order mark, then HEAD.CHAR,
   * then the bytes (a CHAR the bytes contradict is overruled with an 'encoding' warning).
   */
  encoding: string;
  /**
   * Every level-0 record in file order. HEAD is included (it is records[0]: it carries SOUR, SCHMA,
   * PLAC.FORM, notes an export should keep); TRLR is not (it carries nothing).
   */
  records: GedcomNode[];
  warnings: GedcomWarning[];
}

/**
 * What the writer needs: the records in order. A HEAD among them is kept (its GEDC and CHAR are
 * replaced for the target version); a TRLR among them is ignored (the writer ends the file).
 * A node with a pointer is written with the pointer (its value, if any, is not written).
 */
export interface GedcomWriteInput {
  version: '7.0' | '5.5.1';
  records: GedcomNode[];
  /** HEAD.SOUR written when the records' HEAD has none (default 'KINFOLK'). */
  source?: string;
  /** 5.5.1 only: NAME of the SUBM record added when the records have none (default 'Unknown'). */
  submitter?: string;
}

/**
 * Visits `root` and every structure under it in file order (each before what is nested under it),
 * with its depth below `root`, without recursion: a file may nest its lines thousands of levels
 * deep, deeper than the call stack goes. `enter` answers false to skip what is under a structure.
 */
export function eachNode(root: GedcomNode, enter: (node: GedcomNode, depth: number) => boolean | void): void {
  const nodes: GedcomNode[] = [root];
  const depths: number[] = [0];
  while (nodes.length) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (enter(node, depth) === false) continue;
    for (let i = node.children.length - 1; i >= 0; i--) {
      nodes.push(node.children[i]!);
      depths.push(depth + 1);
    }
  }
}
