import { FormAlert } from '../components/Field.tsx';
import { isAppError } from '../domain/errors.ts';
import { CenteredPanel } from '../screens/CenteredPanel.tsx';
import { PRODUCT_NAME } from './config.ts';

/**
 * What the page shows when the app cannot start: the backend's configuration is missing from the
 * build (§8), or a part of the app could not be loaded. Never a blank page.
 */
export function StartupError({ error }: { error: unknown }) {
  // A configuration error is the build's; reloading will not cure it.
  const configuration = isAppError(error) && error.code === 'failed-precondition';
  const message = error instanceof Error && error.message ? error.message : 'The app could not be loaded.';
  return (
    <CenteredPanel title={`${PRODUCT_NAME} could not start`}>
      <FormAlert kind="error">{message}</FormAlert>
      {configuration ? (
        <p className="muted">The site needs to be built again with its configuration (see the README).</p>
      ) : (
        <>
          <p className="muted">Check your connection, then reload the page.</p>
          <button className="btn btn-primary" onClick={() => location.reload()}>
            Reload
          </button>
        </>
      )}
    </CenteredPanel>
  );
}
