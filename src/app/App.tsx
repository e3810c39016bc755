import * as Tooltip from '@radix-ui/react-tooltip';
import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider } from 'react-router-dom';
import { AuthDialog } from '../components/auth/AuthDialog.tsx';
import { LoadingState } from '../components/LoadingState.tsx';
import { Toaster } from '../components/Toaster.tsx';
import { HomeScreen } from '../screens/home/HomeScreen.tsx';
import { ConfirmEmailScreen, ConfirmSignUpScreen } from '../screens/confirm/ConfirmScreens.tsx';
import { InviteScreen } from '../screens/invite/InviteScreen.tsx';
import { LandingScreen } from '../screens/landing/LandingScreen.tsx';
import { ResetPasswordScreen } from '../screens/reset/ResetPasswordScreen.tsx';
import { startAuthListener } from '../state/auth.ts';
import { AppLayout, PublicLayout } from './layouts.tsx';
import { RequireAuth } from './RequireAuth.tsx';

// The canvas and the profile editor carry Konva and the cropper: loaded when first opened.
const TreeScreen = lazy(() => import('../screens/tree/TreeScreen.tsx'));
const ProfileScreen = lazy(() => import('../screens/profile/ProfileScreen.tsx'));
const AccountScreen = lazy(() => import('../screens/account/AccountScreen.tsx'));

/** Everything every route shares: tooltips, the sign-in dialog, the toaster. */
function Root() {
  return (
    <Tooltip.Provider>
      <Suspense fallback={<LoadingState text="Loading…" />}>
        <Outlet />
      </Suspense>
      <AuthDialog />
      <Toaster />
    </Tooltip.Provider>
  );
}

// A data router, so the tree can hold a navigation (including browser Back) while it asks
// about unsaved changes (useBlocker).
const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <LandingScreen /> },
          { path: '/invite', element: <InviteScreen /> },
          { path: '/confirm-signup', element: <ConfirmSignUpScreen /> },
          { path: '/confirm-email', element: <ConfirmEmailScreen /> },
          { path: '/reset-password', element: <ResetPasswordScreen /> },
        ],
      },
      {
        path: '/app',
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <Navigate to="/app/home" replace /> },
          { path: 'home', element: <HomeScreen /> },
          { path: 'tree', element: <TreeScreen /> },
          { path: 'profile', element: <ProfileScreen /> },
          { path: 'account', element: <AccountScreen /> },
          { path: '*', element: <Navigate to="/app/home" replace /> },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);

export function App() {
  useEffect(startAuthListener, []);
  return <RouterProvider router={router} />;
}
