import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@slotwise/api-client';
import { AuthMessages, apiRoutes } from '@slotwise/contracts';
import {
  CheckCircleIcon,
  LoadingState,
  XCircleIcon,
  buttonClassName,
  useDocumentTitle,
} from '@slotwise/ui';
import { useShellApi } from '../api/shell-api';
import { useNextPath, withNext } from './auth/next-path';
import { AuthCard } from './auth/AuthCard';
import type { FirstSignInState } from './auth/AuthPage';

/** The emailed link lands here: /verify-email?token=… confirms the owner's address once. */
export default function VerifyEmailPage() {
  useDocumentTitle('Verify your email');
  const token = useSearchParams()[0].get('token') ?? '';
  const api = useShellApi();
  // Where the owner was going when they signed up (`&next=` in the link): sign-in goes on there.
  const signIn = withNext('/auth', useNextPath());
  // A query (not an effect) so React's double mount in development still sends one request.
  const verify = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => api.request(apiRoutes.auth.verifyEmail, { body: { token } }),
    enabled: token !== '',
    staleTime: Infinity,
    gcTime: Infinity,
  });

  let body;
  if (token === '' || verify.isError) {
    const message =
      token === ''
        ? 'This verification link is incomplete. Please open the link from your email again.'
        : ((isApiError(verify.error) ? verify.error.serverMessage : null) ??
          AuthMessages.invalidVerificationToken);
    body = (
      <div className="shell-auth__status" data-verify-state="error">
        <span className="shell-auth__status-icon shell-auth__status-icon--danger">
          <XCircleIcon />
        </span>
        <h1>We couldn&rsquo;t verify your email</h1>
        <p role="alert">{message}</p>
        <Link to={signIn} className={buttonClassName({ block: true })}>
          Back to sign in
        </Link>
      </div>
    );
  } else if (verify.isSuccess) {
    body = (
      <div className="shell-auth__status" data-verify-state="success">
        <span className="shell-auth__status-icon shell-auth__status-icon--success">
          <CheckCircleIcon />
        </span>
        <h1>Email verified</h1>
        <p role="status">{verify.data?.message || AuthMessages.verified}</p>
        <Link
          to={signIn}
          state={{ firstSignIn: true } satisfies FirstSignInState}
          className={buttonClassName({ block: true })}
        >
          Sign in to your account
        </Link>
      </div>
    );
  } else {
    body = <LoadingState title="Verifying your email…" />;
  }

  return <AuthCard>{body}</AuthCard>;
}
