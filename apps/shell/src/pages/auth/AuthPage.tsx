import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoginRequestSchema, RegisterFormSchema, apiRoutes } from '@slotwise/contracts';
import {
  Alert,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
  useDocumentTitle,
} from '@slotwise/ui';
import { useShellApi } from '../../api/shell-api';
import {
  AuthForm,
  EMAIL,
  type FieldSpec,
  type ForgotPasswordState,
  newPasswordFields,
} from './AuthForm';
import { useNextPath } from './next-path';
import { getSessionState, signIn } from '../../session/session-store';
import { AuthCard } from './AuthCard';
import { GoogleButton } from './GoogleButton';

type Tab = 'signin' | 'register';

/** Where to go after signing in: where the owner was going (useNextPath), else /dashboard. */
function useReturnTo(): string {
  return useNextPath() ?? '/dashboard';
}

const SIGN_IN_FIELDS: readonly FieldSpec<'email' | 'password'>[] = [
  EMAIL,
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
];

/**
 * What the verified page's sign-in link carries: the account was just verified, so the sign-in
 * that follows is its first (an account cannot sign in before it is verified).
 */
export interface FirstSignInState {
  firstSignIn: true;
}

/**
 * 'Welcome!' on an account's first sign-in, else 'Welcome back!'. The API knows (any way the owner
 * got here); what the page was told (just verified, or just registered here) only if it did not say.
 */
function SignInForm({ firstSignIn }: { firstSignIn: boolean }) {
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  return (
    <AuthForm
      label="Sign in"
      schema={LoginRequestSchema}
      fields={SIGN_IN_FIELDS}
      footer={({ email }) => (
        <p className="shell-auth__forgot">
          {/* Takes what was typed along, so the owner need not type it again. */}
          <Link to="/forgot-password" state={{ email } satisfies ForgotPasswordState}>
            Forgot password?
          </Link>
        </p>
      )}
      submitText="Sign In"
      busyText="Signing in…"
      failure={{
        title: 'Sign in failed',
        fallback: 'Failed to sign in. Please check your credentials.',
      }}
      onSubmit={async (credentials) => {
        const first = (await signIn(credentials)) ?? firstSignIn;
        toast(
          first
            ? {
                title: 'Welcome!',
                description: "You're signed in. Let's get your business ready for bookings.",
                variant: 'success',
              }
            : {
                title: 'Welcome back!',
                description: "You've been successfully signed in.",
                variant: 'success',
              },
        );
        void navigate(returnTo, { replace: true });
      }}
    />
  );
}

const REGISTER_FIELDS: readonly FieldSpec<'email' | 'password' | 'confirmPassword'>[] = [
  EMAIL,
  ...newPasswordFields('Password'),
];

function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const api = useShellApi();
  // The verification link brings it back, so signing in after verifying goes on there.
  const next = useNextPath();
  return (
    <AuthForm
      label="Register"
      schema={RegisterFormSchema}
      fields={REGISTER_FIELDS}
      submitText="Create Account"
      busyText="Creating account…"
      failure={{ title: 'Sign up failed', fallback: 'Failed to create account. Please try again.' }}
      onSubmit={async ({ email, password }) => {
        await api.request(apiRoutes.auth.register, {
          body: { email, password, ...(next ? { next } : {}) },
        });
        toast({
          title: 'Account created!',
          description: 'Please check your email to verify your account.',
          variant: 'success',
        });
        onRegistered(email);
      }}
    />
  );
}

/** /auth: sign in or register. An owner who arrives signed in is sent home. */
export default function AuthPage() {
  useDocumentTitle('Sign in');
  const [tab, setTab] = useState<Tab>('signin');
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  // Only an owner who arrives signed in is sent away; signing in here goes on to the dashboard.
  const [arrivedSignedIn] = useState(() => getSessionState().status === 'signed-in');
  // The API's Google callback comes back here with ?error=google when sign-in did not complete.
  const googleFailed = useSearchParams()[0].get('error') === 'google';
  const next = useNextPath();
  const fromVerification =
    (useLocation().state as Partial<FirstSignInState> | null)?.firstSignIn === true;
  if (arrivedSignedIn) return <Navigate to={next ?? '/'} replace />;

  return (
    <AuthCard
      title="Welcome to Slotwise"
      lead="Sign in to manage your bookings, staff, services and opening hours."
    >
      {googleFailed && (
        <div className="sw-stack" style={{ marginBottom: 'var(--sw-space-4)' }}>
          <Alert variant="danger" title="Sign in failed">
            Google sign-in did not complete. Please try again or use your email.
          </Alert>
        </div>
      )}
      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <TabsList aria-label="Sign in or register">
          <TabsTrigger value="signin">Email</TabsTrigger>
          <TabsTrigger value="register">Register</TabsTrigger>
        </TabsList>
        <TabsContent value="signin">
          {registeredEmail && (
            <div className="sw-stack" style={{ marginBottom: 'var(--sw-space-4)' }}>
              <Alert variant="success" title="Check your inbox">
                We sent a verification link to {registeredEmail}. Open it, then sign in here.
              </Alert>
            </div>
          )}
          <SignInForm firstSignIn={fromVerification || registeredEmail !== null} />
        </TabsContent>
        <TabsContent value="register">
          <RegisterForm
            onRegistered={(email) => {
              setRegisteredEmail(email);
              setTab('signin');
            }}
          />
        </TabsContent>
      </Tabs>
      <div className="shell-auth__divider">or</div>
      <GoogleButton label="Sign in with Google" />
      <p className="shell-auth__legal">
        By continuing you agree to our <Link to="/terms">Terms of Service</Link> and{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </AuthCard>
  );
}
