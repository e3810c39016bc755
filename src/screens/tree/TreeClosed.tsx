import { Link } from 'react-router-dom';
import type { AppError } from '../../domain/errors.ts';

export const TREE_CLOSED_TEXTS = {
  removedTitle: 'You are no longer a member of this family tree',
  removed: 'Its owner removed you from it. Your own profile and your other trees are as they were.',
  signedOutTitle: 'You have been signed out',
  signedOut: 'Your session ended (you signed out or changed your password elsewhere). Sign in again to go on.',
  home: 'Go to Home',
  signIn: 'Sign in again',
} as const;

/**
 * The server ended the tree's live stream for good: the member was removed from the tree, or
 * their session ended. The tree stays behind this notice; nothing more is saved or received.
 */
export function TreeClosed({ error }: { error: AppError }) {
  const removed = error.code === 'permission-denied';
  return (
    <div className="tree-overlay tree-overlay-closed">
      <div className="card tree-error" role="alert">
        <h2>{removed ? TREE_CLOSED_TEXTS.removedTitle : TREE_CLOSED_TEXTS.signedOutTitle}</h2>
        <p className="muted">{removed ? TREE_CLOSED_TEXTS.removed : TREE_CLOSED_TEXTS.signedOut}</p>
        {removed ? (
          <Link to="/app/home" className="btn btn-primary">
            {TREE_CLOSED_TEXTS.home}
          </Link>
        ) : (
          // A full load: the app asks the server who is signed in (nobody) and shows the landing page.
          <a href="/" className="btn btn-primary">
            {TREE_CLOSED_TEXTS.signIn}
          </a>
        )}
      </div>
    </div>
  );
}
