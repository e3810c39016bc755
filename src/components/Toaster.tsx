import { Toaster as Sonner } from 'sonner';
import { useSnapshot } from 'valtio';
import { TOAST_DEFAULT_MS } from '../domain/timing.ts';
import { toastArea } from './toastArea.ts';

export function Toaster() {
  const offset = useSnapshot(toastArea);
  const at = { top: offset.top, right: offset.right };
  return <Sonner position="top-right" richColors closeButton duration={TOAST_DEFAULT_MS} theme="system" offset={at} mobileOffset={at} />;
}
