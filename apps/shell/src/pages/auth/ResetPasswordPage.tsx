import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorCode } from '@slotwise/api-client';
import {
  AuthMessages,
  ErrorCode,
  PASSWORD_MIN_LENGTH,
  ResetPasswordFormSchema,
  apiRoutes,
} from '@slotwise/contracts';
import { CheckCircleIcon, XCircleIcon, buttonClassName, useDocumentTitle } from '@slotwise/ui';
import { useShellApi } from '../../api/shell-api';
import { forgetSession } from '../../session/session-store';
import { AuthForm, type FieldSpec } from './AuthForm';
import { AuthCard } from './AuthCard';

const FIELDS: readonly FieldSpec<'password' | 'confirmPassword'>[] = [
  {
    name: 'password',
    label: 'New Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: `At least ${PASSWORD_MIN_LENGTH} characters.`,
  },
  {
    name: 'confirmPassword',
    label: 'Confirm Password',
    type: 'password',
    autoComplete: 'new-password',
  },
];

type Outcome = { kind: 'form' } | { kind: 'done'; message: string } | { kind: 'invalid' };

/** A link that can no longer be used, and the way to ask for a new one. */
function InvalidLink({ incomplete }: { incomplete: boolean }) {
  return (
    <div className="shell-auth__status" data-reset-state="invalid">
      <span className="shell-auth__status-icon shell-auth__status-icon--danger">
        <XCircleIcon />
      </span>
      <h1>This link can&rsquo;t be used</h1>
      <p role="alert">
        {incomplete
          ? 'This password reset link is incomplete. Please open the link from your email again, or ask for a new one.'
          : `${AuthMessages.invalidResetToken} Each link works once, for one hour: please ask for a new one.`}
      </p>
      <Link to="/forgot-password" className={buttonClassName({ block: true })}>
        Send a New Link
      </Link>
    </div>
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
      <div className="shell-auth__status" data-reset-state="done">
        <span className="shell-auth__status-icon shell-auth__status-icon--success">
          <CheckCircleIcon />
        </span>
        <h1>Password changed</h1>
        <p role="status">{outcome.message}</p>
        <Link to="/auth" className={buttonClassName({ block: true })}>
          Sign In
        </Link>
      </div>
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
