/** §3: names are capitalised, first letter upper, rest lower. */
export function capitalise(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return '';
  const first = String.fromCodePoint(trimmed.codePointAt(0)!);
  return first.toLocaleUpperCase() + trimmed.slice(first.length).toLocaleLowerCase();
}
