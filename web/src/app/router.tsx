/**
 * Every route of SPEC §2, in one place. The landing page is in the entry bundle; every
 * other page loads on demand (React.lazy), so a first visit to / does not download the
 * analysis workspace, markdown rendering, Turnstile or the auth forms.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { SECURITY_PATH, WELCOME_PATH } from '../config/routes';
import { LandingPage } from '../features/landing/components/landing-page';
import { RootLayout } from './routes/root-layout';

const AuthSuccessPage = lazy(() => import('../features/auth/components/auth-success-page').then((m) => ({ default: m.AuthSuccessPage })));
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/components/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const GoogleCallbackPage = lazy(() =>
  import('../features/auth/components/google-callback-page').then((m) => ({ default: m.GoogleCallbackPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/components/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const SignInPage = lazy(() => import('../features/auth/components/sign-in-page').then((m) => ({ default: m.SignInPage })));
const SignUpPage = lazy(() => import('../features/auth/components/sign-up-page').then((m) => ({ default: m.SignUpPage })));
const WelcomePage = lazy(() => import('../features/auth/components/welcome-page').then((m) => ({ default: m.WelcomePage })));
const SecurityPage = lazy(() => import('../features/account/components/security-page').then((m) => ({ default: m.SecurityPage })));
const DashboardPage = lazy(() => import('../features/dashboard/components/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const PrivacyPage = lazy(() => import('../features/legal/components/legal-page').then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazy(() => import('../features/legal/components/legal-page').then((m) => ({ default: m.TermsPage })));
const AnalyzePage = lazy(() => import('../features/marketing/components/simple-pages').then((m) => ({ default: m.AnalyzePage })));
const ChatPage = lazy(() => import('../features/marketing/components/simple-pages').then((m) => ({ default: m.ChatPage })));
const ComingSoonPage = lazy(() => import('../features/marketing/components/simple-pages').then((m) => ({ default: m.ComingSoonPage })));
const NotFoundPage = lazy(() => import('../features/marketing/components/simple-pages').then((m) => ({ default: m.NotFoundPage })));
const NewAnalysisRoute = lazy(() => import('./routes/analysis-route').then((m) => ({ default: m.NewAnalysisRoute })));
const ExistingAnalysisRoute = lazy(() => import('./routes/analysis-route').then((m) => ({ default: m.ExistingAnalysisRoute })));

/** What shows while a page's code loads: the shared spinner, centred. */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  return <Spinner label="Loading..." className={fullScreen ? 'min-h-dvh w-full justify-center' : 'mt-32 w-full justify-center'} />;
}

/** A page that loads on demand; the layout around it stays on screen meanwhile. */
function page(element: ReactNode, fullScreen = false) {
  return <Suspense fallback={<PageLoading fullScreen={fullScreen} />}>{element}</Suspense>;
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/sign-in', element: page(<SignInPage />) },
      { path: '/sign-up', element: page(<SignUpPage />) },
      { path: '/forgot-password', element: page(<ForgotPasswordPage />) },
      { path: '/reset-password', element: page(<ResetPasswordPage />) },
      { path: '/auth/success', element: page(<AuthSuccessPage />) },
      { path: WELCOME_PATH, element: page(<WelcomePage />) },
      { path: SECURITY_PATH, element: page(<SecurityPage />) },
      { path: '/analyze', element: page(<AnalyzePage />) },
      { path: '/dashboard', element: page(<DashboardPage />) },
      { path: '/dashboard/:analysisId/*', element: page(<DashboardPage />) },
      { path: '/chat', element: page(<ChatPage />) },
      { path: '/features', element: page(<ComingSoonPage topic="features" />) },
      { path: '/pricing', element: page(<ComingSoonPage topic="pricing" />) },
      { path: '/about', element: page(<ComingSoonPage topic="about" />) },
      { path: '/privacy', element: page(<PrivacyPage />) },
      { path: '/terms', element: page(<TermsPage />) },
      { path: '*', element: page(<NotFoundPage />) },
    ],
  },
  // The analysis app is full-screen: its own header, no top bar and no footer.
  { path: '/analysis', element: page(<NewAnalysisRoute />, true) },
  { path: '/analysis/:analysisId', element: page(<ExistingAnalysisRoute />, true) },
  { path: '/analysis/:analysisId/:accessToken', element: page(<ExistingAnalysisRoute />, true) },
  // The Google sign-in popup.
  { path: '/auth/google/callback', element: page(<GoogleCallbackPage />, true) },
]);
