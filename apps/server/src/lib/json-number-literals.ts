/**
 * The JSON text with every number value of `key` (in any object) turned into a
 * string holding the number exactly as written: `{"monto":1500.50}` becomes
 * `{"monto":"1500.50"}`. A provider that writes money as a decimal number
 * (STP's `monto`) is then read from its digits, never through a float (0.1 +
 * 0.2 ≠ 0.3), and a form a sender should not use (`1.5e3`, a third decimal)
 * can be refused. Keys compare by value ("\u006donto" is `monto`); values that
 * are not numbers are left as they are. Call it on text JSON.parse accepted (it
 * does not validate); it walks the text once, without recursion.
 */
export function numbersAsWritten(json: string, key: string): string {
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < json.length) {
    if (json[i] !== '"') {
      i += 1;
      continue;
    }
    let end = i + 1;
    while (end < json.length && json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
    const literal = json.slice(i, end + 1);
    i = end + 1;
    let colon = i;
    while (colon < json.length && /\s/.test(json[colon]!)) colon += 1;
    // A string followed by ':' is a key (a string value is followed by ',', '}' or ']').
    if (json[colon] !== ':' || JSON.parse(literal) !== key) continue;
    let start = colon + 1;
    while (start < json.length && /\s/.test(json[start]!)) start += 1;
    const number = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(json.slice(start, start + 400));
    if (!number) continue;
    out += `${json.slice(copied, start)}"${number[0]}"`;
    copied = start + number[0].length;
    i = copied;
  }
  return out + json.slice(copied);
}
