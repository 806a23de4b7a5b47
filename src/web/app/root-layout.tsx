import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '../components/footer';
import { Navbar } from '../components/navbar';
import { ProgressBar } from '../components/progress-bar';

export function RootLayout() {
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
