import { Toaster as Sonner } from 'sonner';
import { TOAST_DEFAULT_MS } from '../domain/timing.ts';

/** Toasts start below the header and the tree's top-right toolbar, so none covers 'Apply changes'. */
const OFFSET = { top: 116, right: 16 };

export function Toaster() {
  return <Sonner position="top-right" richColors closeButton duration={TOAST_DEFAULT_MS} theme="system" offset={OFFSET} mobileOffset={OFFSET} />;
}
