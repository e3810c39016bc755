import { httpsCallable } from 'firebase/functions';
import type { CallableTypes } from './callables.ts';
import { fromFirebase } from './errors.ts';
import type { FirebaseServices } from './services.ts';

export type Call = <N extends keyof CallableTypes>(name: N, request: CallableTypes[N][0]) => Promise<CallableTypes[N][1]>;

/**
 * Calls one of the backend's callable functions (callables.ts) and answers its data; a failure
 * is an AppError with the function's own code and message (errors.ts).
 */
export function callFunctions(services: FirebaseServices): Call {
  return async (name, request) => {
    try {
      const result = await httpsCallable(services.functions(), name)(request);
      return result.data as CallableTypes[typeof name][1];
    } catch (e) {
      throw fromFirebase(e, 'call');
    }
  };
}
