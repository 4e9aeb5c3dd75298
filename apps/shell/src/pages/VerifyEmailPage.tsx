import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@slotwise/api-client';
import { AuthMessages, apiRoutes } from '@slotwise/contracts';
import { LoadingState, useDocumentTitle } from '@slotwise/ui';
import { useShellApi } from '../api/shell-api';
import { useNextPath, withNext } from './auth/next-path';
import { AuthCard } from './auth/AuthCard';
import type { FirstSignInState } from './auth/AuthPage';
import { AuthStatus } from './auth/AuthStatus';

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
      <AuthStatus
        tone="danger"
        state={{ 'data-verify-state': 'error' }}
        title={<>We couldn&rsquo;t verify your email</>}
        to={signIn}
        action="Back to sign in"
      >
        {message}
      </AuthStatus>
    );
  } else if (verify.isSuccess) {
    body = (
      <AuthStatus
        tone="success"
        state={{ 'data-verify-state': 'success' }}
        title="Email verified"
        to={signIn}
        linkState={{ firstSignIn: true } satisfies FirstSignInState}
        action="Sign in to your account"
      >
        {verify.data?.message || AuthMessages.verified}
      </AuthStatus>
    );
  } else {
    body = <LoadingState title="Verifying your email…" />;
  }

  return <AuthCard>{body}</AuthCard>;
}
