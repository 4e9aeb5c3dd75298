import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  type FieldErrors,
  type MessageResponse,
  type SessionResponse,
  AuthMessages,
  LoginRequestSchema,
  RegisterFormSchema,
  validate,
} from '@slotwise/contracts';
import {
  Alert,
  Button,
  Card,
  CardBody,
  Field,
  Input,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  apiGet,
  apiRequest,
  isApiError,
  toast,
  useDocumentTitle,
} from '@slotwise/ui';
import { getSessionState, startSession } from '../../session/session-store';

type Tab = 'signin' | 'register';

function serverMessage(error: unknown): string | null {
  return isApiError(error) ? error.serverMessage : null;
}

/** Where to go after signing in: back to the protected page that sent the owner here, else /dashboard. */
function useReturnTo(): string {
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')
    ? from
    : '/dashboard';
}

function SignInForm() {
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const edit = (field: 'email' | 'password') => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (errors[field]) setErrors((x) => ({ ...x, [field]: undefined }));
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const result = validate(LoginRequestSchema, values);
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const session = await apiRequest<SessionResponse>('POST', '/api/auth/login', {
        body: result.data,
      });
      startSession(session);
      toast({
        title: 'Welcome back!',
        description: "You've been successfully signed in.",
        variant: 'success',
      });
      void navigate(returnTo, { replace: true });
    } catch (error) {
      const message = serverMessage(error) ?? 'Failed to sign in. Please check your credentials.';
      setFailure(message);
      toast({ title: 'Sign in failed', description: message, variant: 'destructive' });
      setBusy(false);
    }
  };

  return (
    <form className="shell-auth__form" noValidate onSubmit={onSubmit} aria-label="Sign in">
      {failure && <Alert variant="danger">{failure}</Alert>}
      <Field label="Email" error={errors.email}>
        {(control) => (
          <Input
            {...control}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@business.com.au"
            value={values.email}
            onChange={edit('email')}
          />
        )}
      </Field>
      <Field label="Password" error={errors.password}>
        {(control) => (
          <Input
            {...control}
            name="password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={edit('password')}
          />
        )}
      </Field>
      <Button type="submit" block loading={busy}>
        {busy ? 'Signing in…' : 'Sign In'}
      </Button>
    </form>
  );
}

type RegisterField = 'email' | 'password' | 'confirmPassword';

function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const [values, setValues] = useState({ email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const edit = (field: RegisterField) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (errors[field]) setErrors((x) => ({ ...x, [field]: undefined }));
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const result = validate(RegisterFormSchema, values);
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await apiRequest<MessageResponse>('POST', '/api/auth/register', {
        body: { email: result.data.email, password: result.data.password },
      });
      toast({
        title: 'Account created!',
        description: 'Please check your email to verify your account.',
        variant: 'success',
      });
      onRegistered(result.data.email);
    } catch (error) {
      const message = serverMessage(error) ?? 'Failed to create account. Please try again.';
      setFailure(message);
      toast({ title: 'Sign up failed', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="shell-auth__form" noValidate onSubmit={onSubmit} aria-label="Register">
      {failure && <Alert variant="danger">{failure}</Alert>}
      <Field label="Email" error={errors.email}>
        {(control) => (
          <Input
            {...control}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@business.com.au"
            value={values.email}
            onChange={edit('email')}
          />
        )}
      </Field>
      <Field label="Password" error={errors.password} hint="At least 6 characters.">
        {(control) => (
          <Input
            {...control}
            name="password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={edit('password')}
          />
        )}
      </Field>
      <Field label="Confirm Password" error={errors.confirmPassword}>
        {(control) => (
          <Input
            {...control}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={edit('confirmPassword')}
          />
        )}
      </Field>
      <Button type="submit" block loading={busy}>
        {busy ? 'Creating account…' : 'Create Account'}
      </Button>
    </form>
  );
}

function GoogleButton() {
  const providers = useQuery({
    queryKey: ['/api/auth/providers'],
    queryFn: ({ signal }) => apiGet<{ google: boolean }>('/api/auth/providers', { signal }),
    staleTime: 5 * 60_000,
  });
  const available = providers.data?.google === true;
  return (
    <div>
      <Button
        variant="secondary"
        block
        disabled={!available}
        aria-describedby={providers.isSuccess && !available ? 'google-note' : undefined}
        // A full navigation: the API redirects to Google and back to /dashboard.
        onClick={() => window.location.assign('/api/auth/google')}
      >
        <GoogleMark />
        Sign in with Google
      </Button>
      {(providers.isError || (providers.isSuccess && !available)) && (
        <p id="google-note" className="shell-auth__google-note">
          {AuthMessages.googleNotConfigured}
        </p>
      )}
    </div>
  );
}

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

/** /auth: sign in or register (spec section 2). Signed-in owners are sent to / by the shell. */
export default function AuthPage() {
  useDocumentTitle('Sign in');
  const [tab, setTab] = useState<Tab>('signin');
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  // Only an owner who arrives signed in is sent away; signing in here goes on to the dashboard.
  const [arrivedSignedIn] = useState(() => getSessionState().status === 'signed-in');
  // The API's Google callback comes back here with ?error=google when sign-in did not complete.
  const googleFailed = useSearchParams()[0].get('error') === 'google';
  if (arrivedSignedIn) return <Navigate to="/" replace />;

  return (
    <div className="sw-page">
      <div className="sw-container shell-auth">
        <div className="shell-auth__intro">
          <h1>Welcome to Slotwise</h1>
          <p>Sign in to manage your bookings, staff, services and opening hours.</p>
        </div>
        <Card>
          <CardBody>
            {googleFailed && (
              <div className="shell-auth__form" style={{ marginBottom: 'var(--sw-space-4)' }}>
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
                  <div className="shell-auth__form" style={{ marginBottom: 'var(--sw-space-4)' }}>
                    <Alert variant="success" title="Check your inbox">
                      We sent a verification link to {registeredEmail}. Open it, then sign in here.
                    </Alert>
                  </div>
                )}
                <SignInForm />
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
            <GoogleButton />
            <p className="shell-auth__legal">
              By continuing you agree to our <Link to="/terms">Terms of Service</Link> and{' '}
              <Link to="/privacy">Privacy Policy</Link>.
            </p>
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
