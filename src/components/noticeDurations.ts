import { NOTICE_MS as DOMAIN_NOTICE_MS, TOAST_DEFAULT_MS } from '../domain/timing.ts';

/** §9 notice durations for the toaster: the domain's values plus the toast default. */
export const NOTICE_MS = { ...DOMAIN_NOTICE_MS, default: TOAST_DEFAULT_MS } as const;
