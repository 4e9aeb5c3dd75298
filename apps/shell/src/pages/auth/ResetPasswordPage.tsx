import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorCode } from '@slotwise/api-client';
import { AuthMessages, ErrorCode, ResetPasswordFormSchema, apiRoutes } from '@slotwise/contracts';
import { useDocumentTitle } from '@slotwise/ui';
import { useShellApi } from '../../api/shell-api';
import { forgetSession } from '../../session/session-store';
import { AuthForm, newPasswordFields } from './AuthForm';
import { AuthCard } from './AuthCard';
import { AuthStatus } from './AuthStatus';

const FIELDS = newPasswordFields('New Password');

type Outcome = { kind: 'form' } | { kind: 'done'; message: string } | { kind: 'invalid' };

/** A link that can no longer be used, and the way to ask for a new one. */
function InvalidLink({ incomplete }: { incomplete: boolean }) {
  return (
    <AuthStatus
      tone="danger"
      state={{ 'data-reset-state': 'invalid' }}
      title={<>This link can&rsquo;t be used</>}
      to="/forgot-password"
      action="Send a New Link"
    >
      {incomplete
        ? 'This password reset link is incomplete. Please open the link from your email again, or ask for a new one.'
        : `${AuthMessages.invalidResetToken} Each link works once, for one hour: please ask for a new one.`}
    </AuthStatus>
  );
}

/**
 * The emailed link lands here: /reset-password?token=… sets a new password (same rules as sign-up)
 * and ends every session of the account, this browser's included.
 */
export default function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const token = useSearchParams()[0].get('token') ?? '';
  const api = useShellApi();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'form' });

  let body;
  if (token === '' || outcome.kind === 'invalid') {
    body = <InvalidLink incomplete={token === ''} />;
  } else if (outcome.kind === 'done') {
    body = (
      <AuthStatus
        tone="success"
        state={{ 'data-reset-state': 'done' }}
        title="Password changed"
        to="/auth"
        action="Sign In"
      >
        {outcome.message}
      </AuthStatus>
    );
  } else {
    body = (
      <div className="sw-stack">
        <div className="shell-auth__heading">
          <h1>Choose a new password</h1>
          <p>Setting a new password signs you out on every device.</p>
        </div>
        <AuthForm
          label="Choose a new password"
          schema={ResetPasswordFormSchema}
          fields={FIELDS}
          submitText="Set New Password"
          busyText="Saving…"
          failure={{
            title: 'Password not changed',
            fallback: 'Failed to change your password. Please try again.',
          }}
          onSubmit={async ({ password }) => {
            try {
              const answer = await api.request(apiRoutes.auth.resetPassword, {
                body: { token, password },
              });
              // Every session ended on the server, this browser's too.
              forgetSession();
              setOutcome({ kind: 'done', message: answer.message || AuthMessages.passwordReset });
            } catch (error) {
              if (errorCode(error) !== ErrorCode.LINK_INVALID) throw error;
              setOutcome({ kind: 'invalid' });
            }
          }}
        />
      </div>
    );
  }

  return <AuthCard>{body}</AuthCard>;
}
