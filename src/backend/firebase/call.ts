import { httpsCallable } from 'firebase/functions';
import type { CallableTypes } from './callables.ts';
import { fromFirebase } from './errors.ts';
import type { FirebaseServices } from './services.ts';

export type Call = <N extends keyof CallableTypes>(name: N, request: CallableTypes[N][0]) => Promise<CallableTypes[N][1]>;

/**
 * Callables that may run longer than the web SDK's 70 s: an import's commit writes a big tree in
 * batches (10,000 people took about two minutes against the emulator), as long as the function
 * may run (functions/src/index.ts BULK).
 */
const CALL_TIMEOUTS: Partial<Record<keyof CallableTypes, { timeout: number }>> = { commitImport: { timeout: 60 * 60 * 1000 } };

/**
 * Calls one of the backend's callable functions (callables.ts) and answers its data; a failure
 * is an AppError with the function's own code and message (errors.ts).
 */
export function callFunctions(services: FirebaseServices): Call {
  return async (name, request) => {
    try {
      const result = await httpsCallable(services.functions(), name, CALL_TIMEOUTS[name])(withoutUndefined(request));
      return result.data as CallableTypes[typeof name][1];
    } catch (e) {
      throw fromFirebase(e, 'call');
    }
  };
}

/**
 * §7: undefined values are stripped, as JSON.stringify does for the self-hosted server. The
 * callable encoder would send them as null, which is a different request (a field given as null).
 */
export function withoutUndefined<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutUndefined) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) if (v !== undefined) out[key] = withoutUndefined(v);
    return out as T;
  }
  return value;
}
