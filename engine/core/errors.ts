/**
 * The canvas error codes of §8 (docs/PRODUCT.md) and their messages, in one table (the xyflow habit), plus a
 * reporter that says each distinct problem once: a render loop must not flood `onError`.
 */

export type ErrorCode = '003' | '004' | '005' | '008' | '009' | '010' | '011' | '012';

export const errorMessages = {
  '003': (type: string) => `Node type "${type}" not found. Using fallback type "default".`,
  '004': () => 'The canvas container needs a width and a height. Using 500 × 500 until it has them.',
  '005': (id: string) => `Node "${id}" uses extent "parent" but has no usable parent. Ignoring its extent.`,
  '008': (side: 'source' | 'target', handle: string, edge: string) =>
    `Couldn't find ${side} handle "${handle}" for edge "${edge}". Using the node's default ${side} handle.`,
  '009': (marker: string) => `Marker type "${marker}" doesn't exist. Drawing the edge without a marker.`,
  '010': (node: string, handle: string) =>
    `Handle "${handle}" of node "${node}" lies outside the node. Placing it on the node's border.`,
  '011': (type: string) => `Edge type "${type}" not found. Using fallback type "default".`,
  '012': (id: string) => `Node with id "${id}" not found. Nothing to select.`,
} satisfies Record<ErrorCode, (...args: never[]) => string>;

export type OnError = (code: ErrorCode, message: string) => void;

export interface ErrorReporter {
  report<C extends ErrorCode>(code: C, ...args: Parameters<(typeof errorMessages)[C]>): void;
}

export function createErrorReporter(onError: () => OnError | undefined): ErrorReporter {
  const seen = new Set<string>();
  return {
    report(code, ...args) {
      const message = (errorMessages[code] as (...a: unknown[]) => string)(...args);
      const key = `${code}:${message}`;
      if (seen.has(key)) return;
      seen.add(key);
      const handler = onError();
      if (handler) handler(code, message);
      else console.warn(`[engine ${code}] ${message}`);
    },
  };
}
