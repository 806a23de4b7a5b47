import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, loadCurrentPages } from './app/router';
import { seedServerData, serverData } from './app/server-rendered';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root element');

const rendered = serverData();
if (rendered) {
  // A page the server rendered (a tool's page, decision 040): its code and data first, then React
  // takes over the markup as it is, without drawing it again. As a transition too: a plain
  // hydration is one blocking task (React's default hydration lane), a transition's is sliced
  // like the first render below (Remix and Next.js hydrate so).
  void Promise.all([loadCurrentPages(), seedServerData(rendered)]).then(() => {
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App router={createAppRouter()} />
        </StrictMode>,
      );
    });
  });
} else {
  // The first render as a transition: React renders it in slices of a few milliseconds, yielding
  // to the browser between them, instead of one long task that blocks input while the page
  // appears (Lighthouse's Total Blocking Time; decision 013).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App router={createAppRouter()} />
      </StrictMode>,
    );
  });
}
