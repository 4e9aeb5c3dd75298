import { useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { errorCode, isApiError } from '@slotwise/api-client';
import { ErrorCode, JoinFormSchema, PASSWORD_MIN_LENGTH, TeamMessages } from '@slotwise/contracts';
import { Alert, useDocumentTitle } from '@slotwise/ui';
import { acceptInvitation } from '../../session/session-store';
import { AuthCard } from './AuthCard';
import { AuthForm, type FieldSpec } from './AuthForm';
import { AuthStatus } from './AuthStatus';
import { GoogleButton } from './GoogleButton';

type JoinState = 'form' | 'joining' | 'joined' | 'invalid';

/**
 * Back from Google (`?google=1`): accepts once with the Google account just chosen (the API kept
 * its proof in a cookie). A refusal (another address, an expired proof) is shown above the form.
 */
function useGoogleReturn(
  token: string,
  setState: (state: JoinState) => void,
): { googleError: string | null } {
  const [params] = useSearchParams();
  const back = params.get('google') === '1' && token !== '';
  const [googleError, setGoogleError] = useState<string | null>(
    params.get('error') === 'google' ? TeamMessages.googleFailed : null,
  );
  const started = useRef(false);
  useEffect(() => {
    if (!back || started.current) return;
    // The proof is single use: never send it twice (a re-run effect in development).
    started.current = true;
    setState('joining');
    acceptInvitation({ token, google: true }).then(
      () => setState('joined'),
      (error: unknown) => {
        if (errorCode(error) === ErrorCode.LINK_INVALID) return setState('invalid');
        setGoogleError(
          (isApiError(error) ? error.serverMessage : null) ?? TeamMessages.googleFailed,
        );
        setState('form');
      },
    );
  }, [back, token, setState]);
  return { googleError };
}

const FIELDS: readonly FieldSpec<'password'>[] = [
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'current-password',
    hint: `New to Slotwise? Choose one of at least ${PASSWORD_MIN_LENGTH} characters. Already have an account? Enter its password.`,
  },
];

/**
 * The emailed invitation lands here: /join?token=… joins the business with a new account (the
 * password chosen now) or the invited address's existing one (its password), or with Google when
 * the server offers it (the Google account of the invited address), then signs in and opens the
 * dashboard (a staff member's own day).
 */
export default function JoinPage() {
  useDocumentTitle('Join your team');
  const token = useSearchParams()[0].get('token') ?? '';
  const [state, setState] = useState<JoinState>('form');
  const { googleError } = useGoogleReturn(token, setState);

  if (state === 'joined') return <Navigate to="/dashboard" replace />;
  if (token === '' || state === 'invalid') {
    return (
      <AuthCard>
        <AuthStatus
          tone="danger"
          state={{ 'data-join-state': 'invalid' }}
          title={<>This invitation can&rsquo;t be used</>}
          to="/auth"
          action="Sign In"
        >
          {TeamMessages.invitationInvalid}. Ask the business to send you a new invitation.
        </AuthStatus>
      </AuthCard>
    );
  }
  if (state === 'joining') {
    return (
      <AuthCard>
        <div className="shell-auth__heading" data-join-state="joining" role="status">
          <h1>Joining your team…</h1>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard>
      <div className="sw-stack" data-join-state="form">
        <div className="shell-auth__heading">
          <h1>Join your team</h1>
          <p>You&rsquo;ve been invited to a business on Slotwise. Enter a password to join.</p>
        </div>
        {googleError && (
          <Alert variant="danger" title="Could not join with Google">
            {googleError}
          </Alert>
        )}
        <AuthForm
          label="Join your team"
          schema={JoinFormSchema}
          fields={FIELDS}
          submitText="Join"
          busyText="Joining…"
          failure={{ title: 'Could not join', fallback: 'Failed to join. Please try again.' }}
          onSubmit={async ({ password }) => {
            try {
              await acceptInvitation({ token, password });
              setState('joined');
            } catch (error) {
              if (errorCode(error) !== ErrorCode.LINK_INVALID) throw error;
              setState('invalid');
            }
          }}
        />
        <GoogleButton label="Continue with Google" invitation={token} unavailable="hide" />
      </div>
    </AuthCard>
  );
}
