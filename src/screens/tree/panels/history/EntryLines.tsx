import type { ChangeLine } from '../../../../domain/history/describe.ts';

/** A change's lines, each "what: before → after". */
export function EntryLines({ lines }: { lines: readonly ChangeLine[] }) {
  if (!lines.length) return null;
  return (
    <ul className="history-lines">
      {lines.map((l, i) => (
        <li key={i}>
          <span className="history-what">{l.what}</span>
          {(l.before || l.after) && (
            <span className="history-values">
              {l.before && <del>{l.before}</del>}
              {l.before && l.after && <span aria-hidden="true"> → </span>}
              {l.after && <ins>{l.after}</ins>}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
