/** §9 notice durations in milliseconds. */
export const NOTICE_MS = {
  info: 2000,
  success: 2500,
  error: 4000,
  default: 4000,
} as const;
