import type { OpResult } from '../../../domain/graphDraft.ts';
import { undoAny } from '../../../domain/facts/factsResult.ts';
import { UNDO_WINDOW_MS } from '../../../domain/timing.ts';
import { notifier, type TreeActionContext } from './context.ts';
import { TREE_TOASTS } from './messages.ts';

export type ActionOutcome<T = object> = ({ ok: true } & T) | { ok: false; message: string };

/** A domain operation's answer: its result, or a refusal with the text to show. */
export type Attempt<R extends OpResult> = ({ ok: true } & R) | { ok: false; message: string };

export interface CommitTexts<R extends OpResult> {
  /** Toasted when the edit is made (nothing when omitted or undefined). */
  success?: string | ((result: R) => string | undefined);
  /** Toasted when something unexpected fails. */
  failure: string;
  /** What a refusal toasts; the domain's own message by default. */
  refusal?: (message: string) => string;
  /** Offers Undo for 5 s (§4, §9); `done` is toasted once the edit is undone. */
  undo?: { done: string };
  /** Runs once the edit is in the session (e.g. closing the panel of a removed card). */
  after?: (result: R) => void;
}

/**
 * The one way a tree action edits the tree: runs the domain operation, commits its answer to the
 * session, and toasts the outcome; a refusal, or an answer that changes nothing, commits nothing.
 * With `undo`, the success toast
 * carries an 'Undo' button for 5 s that puts back exactly what the edit changed (its places and
 * couples too, for a facts operation), once; an undo that
 * fails toasts `failure`.
 */
export function commitEdit<R extends OpResult>(ctx: TreeActionContext, operation: () => Attempt<R>, texts: CommitTexts<R>): ActionOutcome<{ result: R }> {
  const toast = notifier(ctx);
  try {
    const attempt = operation();
    if (!attempt.ok) {
      const message = texts.refusal ? texts.refusal(attempt.message) : attempt.message;
      toast.error(message);
      return { ok: false, message };
    }
    const result = attempt as R;
    const { nodes, edges, profiles } = result.changed;
    if (!nodes.length && !edges.length && !profiles.length) return { ok: true, result };
    // Should the server refuse this edit, the session takes it back with the same failure text.
    ctx.session.apply(result, texts.failure);
    texts.after?.(result);
    const message = typeof texts.success === 'function' ? texts.success(result) : texts.success;
    if (message && texts.undo) toast.success(message, { duration: UNDO_WINDOW_MS, action: { label: TREE_TOASTS.undo, onClick: undoOnce(ctx, result, texts.undo.done, texts.failure) } });
    else if (message) toast.success(message);
    return { ok: true, result };
  } catch (e) {
    console.error(e);
    toast.error(texts.failure);
    return { ok: false, message: texts.failure };
  }
}

function undoOnce(ctx: TreeActionContext, result: OpResult, done: string, failure: string) {
  let used = false;
  return () => {
    if (used) return;
    used = true;
    const toast = notifier(ctx);
    try {
      ctx.session.apply(undoAny(ctx.session.graph, result), failure, { undoes: result });
      toast.success(done);
    } catch (e) {
      console.error(e);
      toast.error(failure);
    }
  };
}
