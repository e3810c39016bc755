/**
 * Shows a Konva layer's canvas through an image bitmap instead of putting the 2-D canvas itself on
 * the page. Chromium compositing in software (no GPU, as in headless browsers and on many
 * machines without graphics drivers) copies every 2-D canvas of the page into a new resource on
 * every frame it commits, drawn or not: about 0.8 ms per frame for a view-sized canvas with its
 * margin, three frames per pan move (bench/RESULTS.md). A `bitmaprenderer` canvas hands its bitmap
 * over once, when a new one is set, and is then composited like an image.
 *
 * The layer's own canvas stays in the stage, hidden (`display: none`), and Konva keeps drawing
 * into it; after each draw of the layer (the renderer's, or Konva's own after a resize) its
 * pixels are copied once into a bitmap shown by `element`, which takes the canvas's place and
 * its CSS transforms.
 */
import type Konva from 'konva';

export class LayerPresenter {
  /** The element on the page; the renderer slides and scales it. */
  readonly element: HTMLCanvasElement = document.createElement('canvas');
  private context: ImageBitmapRenderingContext;
  private scratch: OffscreenCanvas | null = null;
  /** How many bitmaps were handed over (tests pin that a pan hands over none). */
  presented = 0;
  private onDraw = () => this.present();

  constructor(private layer: Konva.Layer) {
    const source = layer.getCanvas()._canvas;
    this.context = this.element.getContext('bitmaprenderer')!;
    this.element.style.cssText = source.style.cssText;
    this.element.style.willChange = 'transform';
    source.after(this.element);
    source.style.display = 'none';
    layer.on('draw', this.onDraw);
    this.present();
  }

  private present() {
    const source = this.layer.getCanvas()._canvas;
    const { width, height } = source;
    if (!width || !height) return;
    if (this.scratch?.width !== width || this.scratch.height !== height) this.scratch = new OffscreenCanvas(width, height);
    // transferToImageBitmap leaves the scratch canvas transparent for the next copy.
    this.scratch.getContext('2d')!.drawImage(source, 0, 0);
    const bitmap = this.scratch.transferToImageBitmap();
    this.element.width = width;
    this.element.height = height;
    this.element.style.width = source.style.width;
    this.element.style.height = source.style.height;
    this.context.transferFromImageBitmap(bitmap);
    this.presented++;
  }

  destroy() {
    this.layer.off('draw', this.onDraw);
    this.element.remove();
    this.layer.getCanvas()._canvas.style.display = '';
  }
}
