/**
 * Shows a Konva layer's canvas without putting the 2-D canvas itself on the page. Chromium
 * compositing in software (no GPU, as in headless browsers and on machines without graphics
 * drivers) copies a 2-D canvas into a new resource on the frames it commits during a pan: about
 * 0.8 ms per frame for a view-sized canvas with its margin, three frames per pan move
 * (bench/RESULTS.md). A canvas whose control was transferred to an OffscreenCanvas is shown from
 * the frames that canvas pushes, once per drawing, and is then composited like any layer.
 *
 * The layer's own canvas stays in the stage, hidden (`display: none`), and Konva keeps drawing
 * into it; after each draw of the layer (the renderer's, or Konva's own after a resize) its
 * pixels are copied once into `surface`, shown by `element`, which takes the canvas's place and
 * its CSS transforms. (Handing over an ImageBitmap instead costs about five times as much per
 * drawing: a snapshot of the whole canvas.) Without OffscreenCanvas the layer's canvas is shown.
 */
import type Konva from 'konva';

export class LayerPresenter {
  /** The element on the page; the renderer slides and scales it. */
  readonly element: HTMLCanvasElement;
  /** What `element` shows (tests read its pixels); null when the layer's canvas is shown itself. */
  readonly surface: OffscreenCanvas | null = null;
  private onDraw = () => this.present();

  constructor(private layer: Konva.Layer) {
    const source = layer.getCanvas()._canvas;
    this.element = source;
    if (typeof source.transferControlToOffscreen !== 'function') return;
    this.element = document.createElement('canvas');
    this.element.style.cssText = source.style.cssText;
    this.surface = this.element.transferControlToOffscreen();
    source.after(this.element);
    source.style.display = 'none';
    layer.on('draw', this.onDraw);
    this.present();
  }

  private present() {
    const source = this.layer.getCanvas()._canvas;
    const surface = this.surface!;
    if (surface.width !== source.width || surface.height !== source.height) {
      surface.width = source.width;
      surface.height = source.height;
      this.element.style.width = source.style.width;
      this.element.style.height = source.style.height;
    }
    const ctx = surface.getContext('2d')!;
    ctx.clearRect(0, 0, surface.width, surface.height);
    ctx.drawImage(source, 0, 0);
  }

  destroy() {
    if (!this.surface) return;
    this.layer.off('draw', this.onDraw);
    this.element.remove();
    this.layer.getCanvas()._canvas.style.display = '';
  }
}
