import { toast } from 'sonner';
import { NOTICE_MS } from '../domain/timing.ts';

/**
 * Toasts of §2/§8: top-right, error red, success green, info blue, optional action, close button,
 * durations from §9. Screens call these rather than sonner directly so durations live in one place.
 */
export interface NotifyOptions {
  action?: { label: string; onClick: () => void };
  duration?: number;
  /** A second line under the message, e.g. the §8 reason under 'Failed to apply changes'. */
  description?: string;
}

function options(kind: keyof typeof NOTICE_MS, o?: NotifyOptions) {
  return { duration: o?.duration ?? NOTICE_MS[kind], action: o?.action, description: o?.description };
}

export const notify = {
  success: (message: string, o?: NotifyOptions) => toast.success(message, options('success', o)),
  error: (message: string, o?: NotifyOptions) => toast.error(message, options('error', o)),
  info: (message: string, o?: NotifyOptions) => toast.info(message, options('info', o)),
  dismiss: (id?: string | number) => toast.dismiss(id),
};
