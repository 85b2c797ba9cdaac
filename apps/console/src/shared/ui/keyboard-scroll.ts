import { useEffect } from 'react';

/** antd's scroll containers of a table that is wider than its place (Table's scroll={{ x }}). */
const scrollContainers = '.ant-table-content, .ant-table-body';

function markFocusable(root: ParentNode) {
  for (const element of root.querySelectorAll<HTMLElement>(scrollContainers)) {
    if (!element.hasAttribute('tabindex')) element.tabIndex = 0;
  }
}

/**
 * Every table's scroll container in the page can take the keyboard's focus, so a keyboard user can scroll a table
 * wider than the screen (768 px) with the arrow keys (axe: scrollable-region-focusable). antd renders these
 * containers itself, in the page and in drawers and modals: one observer of the document marks each as it appears.
 */
export function useKeyboardScrollableTables(): void {
  useEffect(() => {
    markFocusable(document);
    const observer = new MutationObserver(() => markFocusable(document));
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
}
