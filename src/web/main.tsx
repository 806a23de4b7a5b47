import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root element');
// The first render as a transition: React renders it in slices of a few milliseconds, yielding to
// the browser between them, instead of one long task that blocks input while the page appears
// (Lighthouse's Total Blocking Time; decision 013).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
