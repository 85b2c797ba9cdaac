import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';

type RootContainer = (Element | DocumentFragment) & { __prestaRoot?: Root };

let done = false;

/**
 * antd-mobile 5 renders its imperative pieces (Toast, Dialog.show, Modal.show)
 * with ReactDOM.render, which React 19 removed: hand it createRoot instead.
 * Called by toast-view.ts, the only imperative user, when it loads (and by the test setup).
 */
export function setupAntdForReact19(): void {
  if (done) return;
  done = true;
  unstableSetRender((node, container) => {
    const target = container as RootContainer;
    target.__prestaRoot ??= createRoot(target);
    const root = target.__prestaRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      delete target.__prestaRoot;
    };
  });
}
