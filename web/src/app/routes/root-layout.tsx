/** Pages with the top bar and footer (everything but the analysis app and the OAuth popup). */
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '../../components/layout/footer';
import { TopBar } from '../../components/layout/top-bar';

export function RootLayout() {
  return (
    <div className="relative flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-indigo-600 focus:px-3 focus:py-2 focus:text-white"
      >
        Skip to content
      </a>
      <TopBar />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
