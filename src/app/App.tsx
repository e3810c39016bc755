import * as Tooltip from '@radix-ui/react-tooltip';
import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AuthDialog } from '../components/auth/AuthDialog.tsx';
import { LoadingState } from '../components/LoadingState.tsx';
import { Toaster } from '../components/Toaster.tsx';
import { HomeScreen } from '../screens/home/HomeScreen.tsx';
import { InviteScreen } from '../screens/invite/InviteScreen.tsx';
import { LandingScreen } from '../screens/landing/LandingScreen.tsx';
import { ResetPasswordScreen } from '../screens/reset/ResetPasswordScreen.tsx';
import { startAuthListener } from '../state/auth.ts';
import { AppLayout, PublicLayout } from './layouts.tsx';
import { RequireAuth } from './RequireAuth.tsx';

// The canvas and the profile editor carry Konva and the cropper: loaded when first opened.
const TreeScreen = lazy(() => import('../screens/tree/TreeScreen.tsx'));
const ProfileScreen = lazy(() => import('../screens/profile/ProfileScreen.tsx'));

export function App() {
  useEffect(startAuthListener, []);
  return (
    <BrowserRouter>
      <Tooltip.Provider>
        <Suspense fallback={<LoadingState text="Loading…" />}>
          <Routes>
            <Route element={<PublicLayout />}>
              <Route path="/" element={<LandingScreen />} />
              <Route path="/invite" element={<InviteScreen />} />
              <Route path="/reset-password" element={<ResetPasswordScreen />} />
            </Route>
            <Route
              path="/app"
              element={
                <RequireAuth>
                  <AppLayout />
                </RequireAuth>
              }
            >
              <Route path="home" element={<HomeScreen />} />
              <Route path="tree" element={<TreeScreen />} />
              <Route path="profile" element={<ProfileScreen />} />
              <Route index element={<Navigate to="/app/home" replace />} />
              <Route path="*" element={<Navigate to="/app/home" replace />} />
            </Route>
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </Suspense>
        <AuthDialog />
        <Toaster />
      </Tooltip.Provider>
    </BrowserRouter>
  );
}
