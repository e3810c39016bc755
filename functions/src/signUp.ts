import type { AuthBlockingEvent } from 'firebase-functions/v2/identity';
import { toHttpsError } from './httpsErrors.ts';
import { checkSignUp, type SignUpSources } from './signUpGate.ts';

/**
 * The blocking function's body: refuses (HttpsError 'permission-denied' with §5's 'Sign up is by
 * invitation only.' and details.code 'auth/signup-disabled') any account without an invitation.
 * Firebase Auth refuses the sign-up with that message, and the account is never made.
 */
export function signUpHandler(sources: SignUpSources): (event: AuthBlockingEvent) => Promise<void> {
  return async (event) => {
    const refusal = await checkSignUp(event.data?.email, sources);
    if (refusal) throw toHttpsError(refusal);
  };
}
