import { Navigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { SignInForm } from '../../components/auth/SignInForm.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { authState } from '../../state/auth.ts';
import { openAuthDialog } from '../../state/authDialog.ts';
import { PRODUCT_NAME, SECOND_LINE, TAGLINE } from '../../app/config.ts';
import { AUTH_INITIALISING } from '../../app/RequireAuth.tsx';
import { LandingIllustration } from './LandingIllustration.tsx';
import './landing.css';

/** §2: brand, tagline, sign-in form, 'Create new account', 'Forgot password?'. */
export function LandingScreen() {
  const { user, initialising } = useSnapshot(authState);
  if (initialising) return <LoadingState text={AUTH_INITIALISING} />;
  if (user) return <Navigate to="/app/home" replace />;
  return (
    <main className="landing">
      <section className="landing-hero">
        <p className="landing-eyebrow">{PRODUCT_NAME}</p>
        <h1 className="landing-title">{TAGLINE}</h1>
        <p className="landing-lead">{SECOND_LINE} Build your tree together with the relatives you invite, on any screen.</p>
        <LandingIllustration />
      </section>
      <section className="landing-panel card" aria-labelledby="landing-signin-title">
        <h2 id="landing-signin-title">Sign in</h2>
        <p className="muted landing-panel-lead">Welcome back to your family's story.</p>
        <SignInForm />
        <div className="landing-divider">
          <span>New here?</span>
        </div>
        <button className="btn btn-secondary btn-lg btn-block" onClick={() => openAuthDialog('signup')}>
          Create new account
        </button>
      </section>
    </main>
  );
}
