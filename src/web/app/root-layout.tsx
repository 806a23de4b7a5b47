import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '../components/footer';
import { Navbar } from '../components/navbar';
import { ProgressBar } from '../components/progress-bar';
import { useCartSync } from '../lib/cart/use-cart-sync';
import { useSessionFromOtherTabs } from '../lib/session-query';

export function RootLayout() {
  // A visitor's cart joins the customer's own the moment they are signed in, whichever page they are on.
  useCartSync();
  // A sign-in or sign-out in another tab of this browser is asked about here at once.
  useSessionFromOtherTabs();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-base-100 focus:p-2">
        Skip to content
      </a>
      <ProgressBar />
      <Navbar />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
