import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';
import { App } from './app/App';
import { initI18n } from './app/i18n';
import { trackViewportHeight } from './lib/viewport-height';
import './app/app.css';

type RootedContainer = (Element | DocumentFragment) & { kabutoRoot?: ReturnType<typeof createRoot> };

// antd-mobile renders Toast and Dialog through ReactDOM.render, which React 19 removed.
unstableSetRender((node, container: RootedContainer) => {
  container.kabutoRoot ??= createRoot(container);
  const root = container.kabutoRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});

initI18n();
trackViewportHeight();

const rootElement = document.getElementById('root');
if (rootElement) {
  createRoot(rootElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
