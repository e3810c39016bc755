import { Toaster as Sonner } from 'sonner';
import { NOTICE_MS } from './noticeDurations.ts';

export function Toaster() {
  return <Sonner position="top-right" richColors closeButton duration={NOTICE_MS.default} theme="system" />;
}
