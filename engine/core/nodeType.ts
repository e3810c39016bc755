/**
 * What a node type tells the engine. Geometry (size, handles, buttons) and the accessible label are
 * used by the framework-free core; `draw` and `simpleColor` are called by the renderer only.
 */
import type { Theme } from './theme.ts';
import type { CardButton, EngineNode, HandleSpec } from './types.ts';

export interface Size {
  width: number;
  height: number;
}

/** What a card's draw function gets besides the node: its state and a few cached services. */
export interface CardView {
  width: number;
  height: number;
  selected: boolean;
  theme: Theme;
  /** Current zoom, for choosing line widths that stay crisp. */
  zoom: number;
  /**
   * The image at `url` cropped to a circle and rasterised for `size` world units at the current
   * zoom, or undefined while it loads (the card is redrawn when it arrives).
   */
  image(url: string, size: number): CanvasImageSource | undefined;
  /**
   * True for the renderer's first frame with cards: a card draws its placeholder, as while its
   * image loads, without asking for the image (or making its URL: a generated avatar is one), and
   * is drawn again with it a moment later. An image asked for is never in the frame that asks, so
   * that frame shows the same, sooner.
   */
  imagesHeld?: boolean;
  /** `text` shortened with an ellipsis to fit `maxWidth` in the context's current font (cached). */
  fitText(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string;
  /** The node type's buttons, laid out for this node. */
  buttons: readonly CardButton[];
}

export interface NodeType<D = any> {
  /** Accessible name of the card in the mirror (for a person: their name). */
  label(node: EngineNode<D>): string;
  defaultSize?: Size;
  /** Connection points; defaults to a target on top and a source at the bottom. */
  handles?(node: EngineNode<D>, size: Size): HandleSpec[];
  buttons?(node: EngineNode<D>, size: Size): CardButton[];
  /** Full detail, in node-local coordinates (0,0 is the top-left corner). */
  draw?(ctx: CanvasRenderingContext2D, node: EngineNode<D>, view: CardView): void;
  /** Fill of the simplified card drawn at far zoom; cards sharing a colour are filled in one path. */
  simpleColor?(node: EngineNode<D>, theme: Theme): string;
}

export const DEFAULT_NODE_SIZE: Size = { width: 150, height: 40 };

export function defaultHandles(_node: EngineNode, size: Size): HandleSpec[] {
  return [
    { id: 'top', kind: 'target', side: 'top', x: size.width / 2, y: 0 },
    { id: 'bottom', kind: 'source', side: 'bottom', x: size.width / 2, y: size.height },
  ];
}
