import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';
import { config as configureZod } from 'zod/v4/core';
import { App } from './app/App';
import { clearSessionOnExpiry } from './app/failures';
import { afterFirstScreen, preloadFirstScreen } from './app/first-screen';
import { initI18n, loadErrorTexts, storedLang } from './lib/i18n';
import { loadUiLocale } from './lib/ui-locale';
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

// zod compiles object schemas with `new Function` unless told not to; the Content-Security-Policy forbids
// eval, so even its feature test is reported as a violation. Its core config is tiny; zod itself stays lazy.
configureZod({ jitless: true });

trackViewportHeight();
clearSessionOnExpiry();

/**
 * Lets the browser run other tasks (a frame, a network answer, input) before going on. Everything below runs
 * after index.html's first screen has been painted, where any task over 50 ms blocks the page: the start is
 * cut into separate tasks rather than run as one.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  // Requesting a chunk costs main-thread time per file (the page's chunk and its imports), so it gets its own
  // task after this module's evaluation.
  await nextTask();
  preloadFirstScreen(window.location.hash);
  await nextTask();
  // The first render waits for the active language's texts (one small chunk per namespace), so no key
  // flashes, and for antd-mobile's texts in that language.
  await Promise.all([initI18n(), loadUiLocale(storedLang())]).catch(() => undefined);
  await nextTask();
  const rootElement = document.getElementById('root');
  if (!rootElement) return;
  // As a transition, React renders the app in slices of a few milliseconds, letting input and the network
  // in between, and swaps index.html's first screen for it once the whole of it is ready.
  const root = createRoot(rootElement);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  // Error texts arrive while the first screen renders rather than before it (a form waits for them).
  void loadErrorTexts();
  // The service worker (which precaches the whole app) and its update prompt are not needed for the first
  // screen: they wait until it has loaded, so they do not compete with it for the network and the CPU.
  afterFirstScreen(
    () => void import('./app/pwa').then(({ registerServiceWorker }) => registerServiceWorker()),
  );
}

void start();
