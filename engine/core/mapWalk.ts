/**
 * A visit of every value of a Map, a slice at a time: how the store builds an index a bulk load
 * left for later without one long task. The Map's iterator is live, so values added during the
 * walk are visited, values deleted before their turn are not, and a value replaced under its key
 * is visited as it is when its turn comes.
 */

/** Values visited between two looks at the clock: about a millisecond of index building. */
const CHUNK = 256;

export class MapWalk<V> {
  private rest: Iterator<V> | null = null;

  constructor(
    private readonly map: ReadonlyMap<string, V>,
    private readonly visit: (value: V) => void,
  ) {}

  /** True once a step has begun: from then on the index must take changes as a complete one does. */
  get started(): boolean {
    return this.rest !== null;
  }

  /** Visits a chunk of values, then more until `timeUp()`; true when every value has been visited. */
  step(timeUp: () => boolean): boolean {
    this.rest ??= this.map.values();
    do {
      for (let i = 0; i < CHUNK; i++) {
        const next = this.rest.next();
        if (next.done) return true;
        this.visit(next.value);
      }
    } while (!timeUp());
    return false;
  }
}
