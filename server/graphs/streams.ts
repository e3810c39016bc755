import type { TreeRole } from '../../src/domain/roles.ts';
import type { Queryable } from '../db/database.ts';

/**
 * The live streams open on this process, by member, session and graph, so that what ends a
 * member's right to a stream ends the stream at once: signing out (that session's streams), a
 * password reset or account deletion (all of the member's), a password change (every session but
 * the one that changed it), removal from a tree (the member's streams of that tree). A role
 * change, or a change of what a member lets viewers see, does not end the right but changes what
 * the stream may carry: those streams `reload` (the browser reconnects under the new rules).
 *
 * Several processes on one PostgreSQL hear of it through NOTIFY on `STREAMS_CHANNEL` (each
 * process, the sender included, ends its own matching streams); on PGlite the sender is alone.
 * A notice is only the fast way: a process whose LISTEN connection was down misses it, so every
 * stream also asks `streamVerdict` before it delivers a change.
 */
export const STREAMS_CHANNEL = 'kinfolk_streams';

export type StreamEnd = 'signed-out' | 'removed' | 'reload';

export interface StreamFilter {
  uid: string;
  /** Only the streams of this graph. */
  graphId?: string;
  /** Only the streams opened with this session (its token's hash). */
  session?: string;
  /** Not the streams opened with this session. */
  exceptSession?: string;
}

export interface LiveStream {
  uid: string;
  session: string;
  graphId: string;
  end(why: StreamEnd): void;
}

function matches(s: LiveStream, f: StreamFilter): boolean {
  if (s.uid !== f.uid) return false;
  if (f.graphId !== undefined && s.graphId !== f.graphId) return false;
  if (f.session !== undefined && s.session !== f.session) return false;
  return f.exceptSession === undefined || s.session !== f.exceptSession;
}

const ENDS = new Set<StreamEnd>(['signed-out', 'removed', 'reload']);

export function createStreamRegistry(db: Queryable, options: { shared: boolean }) {
  const streams = new Set<LiveStream>();

  function endLocal(filter: StreamFilter, why: StreamEnd): void {
    for (const s of [...streams]) {
      if (!matches(s, filter)) continue;
      streams.delete(s);
      s.end(why);
    }
  }

  return {
    add(stream: LiveStream): () => void {
      streams.add(stream);
      return () => streams.delete(stream);
    },

    /**
     * Ends the matching streams everywhere. Called once what ended the right has committed, so a
     * stream is never ended for a change that was rolled back.
     */
    async end(filter: StreamFilter, why: StreamEnd): Promise<void> {
      endLocal(filter, why);
      if (options.shared) await db.query('SELECT pg_notify($1, $2)', [STREAMS_CHANNEL, JSON.stringify({ ...filter, why })]);
    },

    /** A notice from any process (PostgreSQL LISTEN). */
    notice(payload: string): void {
      try {
        const { why, ...filter } = JSON.parse(payload) as StreamFilter & { why: StreamEnd };
        if (typeof filter.uid === 'string' && ENDS.has(why)) endLocal(filter, why);
      } catch {
        // Not one of ours.
      }
    },

    /** How many streams are open here (tests wait on it). */
    get size(): number {
      return streams.size;
    },
  };
}

/** What a stream was opened under: its member, session (token hash), graph and the role then. */
export interface StreamRight {
  uid: string;
  session: string;
  graphId: string;
  role: TreeRole;
}

/**
 * Whether a stream may still deliver what it delivers, read now (one query): null when its
 * session is still signed in and its member still reads the tree as they did when it opened;
 * otherwise how it ends (signed out: the session ended or expired; removed: no longer a member;
 * reload: a viewer now reads it whole, or the other way round). Rights are never taken from a
 * notice or a cache alone.
 */
export async function streamVerdict(q: Queryable, right: StreamRight): Promise<StreamEnd | null> {
  const [row] = await q.query<{ role: TreeRole | null; signed_in: boolean }>(
    `SELECT (SELECT role FROM graph_members WHERE graph_id = $1 AND uid = $2) AS role,
            EXISTS (SELECT 1 FROM sessions WHERE token_hash = $3 AND uid = $2 AND expires_at > now()) AS signed_in`,
    [right.graphId, right.uid, right.session],
  );
  if (!row?.signed_in) return 'signed-out';
  // As GraphService.role: a member's own graph is theirs even before its membership row.
  const role = row.role ?? (right.graphId === right.uid ? 'owner' : null);
  if (!role) return 'removed';
  // What a stream carries differs only between viewers (redacted) and the others (whole): an
  // editor handed the tree keeps theirs.
  return (role === 'viewer') === (right.role === 'viewer') ? null : 'reload';
}

export type StreamRegistry = ReturnType<typeof createStreamRegistry>;
