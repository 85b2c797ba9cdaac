/*
 * Checks of input no call can use (plugins/app/input-guard.ts refuses it on
 * every route; the payment provider checks its signed bodies with the same
 * functions): a NUL character, JSON nested too deep. Pure, no recursion.
 */

/**
 * Deepest nesting of arrays and objects a JSON body may have. Our calls'
 * payloads are flat (depth 1, at most 2 with a list); 32 leaves room for any
 * real client and stays far from what could strain a walk of the value.
 */
export const MAX_JSON_DEPTH = 32;

export type InputProblem = 'nul' | 'too_deep';

/**
 * The first problem of a JSON text, in one pass without recursion: a NUL (a
 * raw one or a `\u0000` escape in a string) or nesting deeper than maxDepth.
 * Does not validate the JSON (the parser does); works on any text.
 */
export function jsonTextProblem(text: string, maxDepth = MAX_JSON_DEPTH): InputProblem | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0) return 'nul';
    if (inString) {
      if (c === 0x5c /* \ */) {
        if (text.charCodeAt(i + 1) === 0x75 /* u */ && text.startsWith('0000', i + 2)) return 'nul';
        i += 1; // the escaped character (a quote or a backslash) is content
      } else if (c === 0x22 /* " */) {
        inString = false;
      }
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth += 1;
      if (depth > maxDepth) return 'too_deep';
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth -= 1;
    }
  }
  return undefined;
}

/** True when a NUL is in any string or key of a parsed value (walked with a stack, not recursion). */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) stack.push(element);
    } else if (typeof item === 'object' && item !== null && !Buffer.isBuffer(item)) {
      for (const key of Object.keys(item)) {
        if (key.includes('\u0000')) return true;
        stack.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

