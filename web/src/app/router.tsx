/** Every route of SPEC §2, in one place. */
import { createBrowserRouter } from 'react-router';
import { AuthSuccessPage } from '../features/auth/components/auth-success-page';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page';
import { GoogleCallbackPage } from '../features/auth/components/google-callback-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { SignInPage } from '../features/auth/components/sign-in-page';
import { SignUpPage } from '../features/auth/components/sign-up-page';
import { WELCOME_PATH, WelcomePage } from '../features/auth/components/welcome-page';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { LandingPage } from '../features/landing/components/landing-page';
import { PrivacyPage, TermsPage } from '../features/legal/components/legal-page';
import { AnalyzePage, ChatPage, ComingSoonPage, NotFoundPage } from '../features/marketing/components/simple-pages';
import { AnalysisRoute } from './routes/analysis-route';
import { RootLayout } from './routes/root-layout';

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/sign-in', element: <SignInPage /> },
      { path: '/sign-up', element: <SignUpPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/auth/success', element: <AuthSuccessPage /> },
      { path: WELCOME_PATH, element: <WelcomePage /> },
      { path: '/analyze', element: <AnalyzePage /> },
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/dashboard/:analysisId/*', element: <DashboardPage /> },
      { path: '/chat', element: <ChatPage /> },
      { path: '/features', element: <ComingSoonPage topic="features" /> },
      { path: '/pricing', element: <ComingSoonPage topic="pricing" /> },
      { path: '/about', element: <ComingSoonPage topic="about" /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // The analysis app is full-screen: its own header, no top bar and no footer.
  { path: '/analysis', element: <AnalysisRoute /> },
  { path: '/analysis/:analysisId', element: <AnalysisRoute /> },
  { path: '/analysis/:analysisId/:accessToken', element: <AnalysisRoute /> },
  // The Google sign-in popup.
  { path: '/auth/google/callback', element: <GoogleCallbackPage /> },
]);
