/**
 * The first key that appears twice in one object of a JSON text, or undefined.
 * JSON.parse keeps the last of duplicate keys silently, so a signed body
 * `{"amount":100,…,"amount":100000}` would be read differently by different
 * parsers: a signed message must mean one thing. Call it on text JSON.parse
 * accepted (it does not validate); it walks the text once, without recursion.
 */
export function findDuplicateKey(json: string): string | undefined {
  // One entry per open object or array: the keys seen so far (null for an array).
  const open: (Set<string> | null)[] = [];
  let i = 0;
  while (i < json.length) {
    const ch = json[i]!;
    if (ch === '{') {
      open.push(new Set());
      i += 1;
    } else if (ch === '[') {
      open.push(null);
      i += 1;
    } else if (ch === '}' || ch === ']') {
      open.pop();
      i += 1;
    } else if (ch === '"') {
      let end = i + 1;
      while (end < json.length && json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
      const literal = json.slice(i, end + 1);
      i = end + 1;
      while (i < json.length && /\s/.test(json[i]!)) i += 1;
      const keys = open.at(-1);
      if (json[i] === ':' && keys) {
        // Keys compare by value: "a" and "\u0061" are the same key.
        const key = JSON.parse(literal) as string;
        if (keys.has(key)) return key;
        keys.add(key);
      }
    } else {
      i += 1;
    }
  }
  return undefined;
}
