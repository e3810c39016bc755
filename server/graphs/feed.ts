import type { GraphChangeEvent } from '../../src/backend/ports.ts';

/**
 * Delivers applied change sets to the live streams open on this process. The embedded server
 * fans out in memory; several app processes sharing one PostgreSQL use `createPgFeed`
 * (LISTEN/NOTIFY), which delivers what the other processes applied too. Publishing happens after
 * the transaction committed, so a stream never shows a change that was rolled back.
 */
export interface ChangeFeed {
  publish(graphId: string, event: GraphChangeEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(graphId: string, listener: (event: GraphChangeEvent) => void): () => void;
  close(): Promise<void>;
}

/** Listeners per graph; shared by every feed implementation for the local fan-out. */
export class Listeners {
  private readonly byGraph = new Map<string, Set<(event: GraphChangeEvent) => void>>();

  add(graphId: string, listener: (event: GraphChangeEvent) => void): () => void {
    let set = this.byGraph.get(graphId);
    if (!set) this.byGraph.set(graphId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size && this.byGraph.get(graphId) === set) this.byGraph.delete(graphId);
    };
  }

  deliver(graphId: string, event: GraphChangeEvent): void {
    for (const listener of [...(this.byGraph.get(graphId) ?? [])]) {
      try {
        listener(event);
      } catch {
        // One broken stream must not keep the event from the others.
      }
    }
  }

  has(graphId: string): boolean {
    return this.byGraph.has(graphId);
  }

  clear(): void {
    this.byGraph.clear();
  }
}

export function createMemoryFeed(): ChangeFeed {
  const listeners = new Listeners();
  return {
    publish: (graphId, event) => listeners.deliver(graphId, event),
    subscribe: (graphId, listener) => listeners.add(graphId, listener),
    async close() {
      listeners.clear();
    },
  };
}
