import { useEffect, useState } from 'react';
import { proxy } from 'valtio';

/**
 * Where the toasts stand (top-right, §2). By default they start below the header and a one-row
 * toolbar. A screen with its own controls in that corner keeps them clear: the profile's header
 * card (its 'Edit Profile' button) and the tree's toolbar (its 'Apply changes', which wraps to a
 * second row beside the details panel) push the toasts below them, the tree's details panel pushes
 * them to its left.
 */
export const TOAST_OFFSET = { top: 116, right: 16 } as const;
const GAP = 12;

export const toastArea = proxy({ top: TOAST_OFFSET.top as number, right: TOAST_OFFSET.right as number });

/**
 * Toasts stand below (`'below'`) or to the left of (`'beside'`) the element this callback ref is
 * given, while it is shown.
 */
export function useToastsClearOf(side: 'below' | 'beside'): (el: HTMLElement | null) => void {
  const [el, setEl] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!el) return;
    const place = () => {
      const box = el.getBoundingClientRect();
      // A panel that fills the width (a phone's bottom sheet) leaves nowhere beside it.
      if (side === 'beside') toastArea.right = box.left > window.innerWidth / 3 ? Math.round(window.innerWidth - box.left + GAP) : TOAST_OFFSET.right;
      else toastArea.top = Math.max(TOAST_OFFSET.top, Math.round(box.bottom + GAP));
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(el);
    window.addEventListener('resize', place);
    // A panel that slides in is measured again where it comes to rest.
    el.addEventListener('animationend', place);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', place);
      el.removeEventListener('animationend', place);
      if (side === 'beside') toastArea.right = TOAST_OFFSET.right;
      else toastArea.top = TOAST_OFFSET.top;
    };
  }, [el, side]);
  return setEl;
}
