/** The npm package `gedcom` (3.x) ships no types; the bench uses only its parser. */
declare module 'gedcom' {
  export function parse(input: string): unknown;
}
