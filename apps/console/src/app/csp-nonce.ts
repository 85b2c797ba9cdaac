/*
 * The nonce of this page: the server writes a fresh one into the HTML of each answer and allows only it in the
 * page's Content Security Policy (apps/server/src/plugins/app/console-app.ts). Imported first by main.tsx.
 *
 * antd gives the nonce to the style tags of its CSS-in-JS (ConfigProvider's csp, providers.tsx). Two helpers of its
 * component library add a style tag of their own without one (@rc-component/portal's scroll lock when a modal or
 * drawer opens, @rc-component/util's scrollbar measure), which the policy would block. Every style element this
 * page's own code inserts gets the nonce here, as it is inserted; markup parsed from a string (innerHTML) does
 * not pass through these methods, so an injected <style> stays blocked.
 */
import { config } from 'zod';

// zod (the contract's schemas) compiles object parsers with new Function() when eval is allowed, and tries it to find
// out: the policy allows no eval, so that try would be a violation each time. Parsed without compiling instead.
config({ jitless: true });

export const pageNonce: string | undefined = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;

function stamp(node: Node): void {
  if (pageNonce && node instanceof HTMLStyleElement && !node.nonce) node.nonce = pageNonce;
}

if (pageNonce) {
  const { appendChild, insertBefore } = Object.getOwnPropertyDescriptors(Node.prototype);
  Object.defineProperties(Node.prototype, {
    appendChild: {
      ...appendChild,
      value(this: Node, node: Node) {
        stamp(node);
        return (appendChild.value as Node['appendChild']).call(this, node);
      },
    },
    insertBefore: {
      ...insertBefore,
      value(this: Node, node: Node, child: Node | null) {
        stamp(node);
        return (insertBefore.value as Node['insertBefore']).call(this, node, child);
      },
    },
  });
}
