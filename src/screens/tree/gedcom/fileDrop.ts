/**
 * Dropping a file on an element (the tree's canvas area): `onOver` says whether files are being
 * dragged over it (the screen shows a drop hint), `onFile` gets the one file dropped. Only drags
 * that carry files are taken, so dragging cards on the canvas is untouched. Framework-free: a
 * factory whose `destroy()` removes every listener.
 */
export interface FileDrop {
  destroy(): void;
}

export function attachFileDrop(el: HTMLElement, handlers: { onOver(over: boolean): void; onFile(file: File): void; onMany(): void }): FileDrop {
  // dragenter/dragleave fire for every child crossed: count them so the hint does not flicker.
  let depth = 0;
  const carriesFiles = (e: DragEvent) => !!e.dataTransfer && [...e.dataTransfer.types].includes('Files');
  const enter = (e: DragEvent) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    if (depth++ === 0) handlers.onOver(true);
  };
  const over = (e: DragEvent) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    e.dataTransfer!.dropEffect = 'copy';
  };
  const leave = (e: DragEvent) => {
    if (!carriesFiles(e)) return;
    if (--depth <= 0) {
      depth = 0;
      handlers.onOver(false);
    }
  };
  const drop = (e: DragEvent) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    depth = 0;
    handlers.onOver(false);
    const files = [...(e.dataTransfer?.files ?? [])];
    if (files.length === 1) handlers.onFile(files[0]!);
    else if (files.length > 1) handlers.onMany();
  };
  el.addEventListener('dragenter', enter);
  el.addEventListener('dragover', over);
  el.addEventListener('dragleave', leave);
  el.addEventListener('drop', drop);
  return {
    destroy() {
      el.removeEventListener('dragenter', enter);
      el.removeEventListener('dragover', over);
      el.removeEventListener('dragleave', leave);
      el.removeEventListener('drop', drop);
    },
  };
}
