import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { errorCode } from '@slotwise/api-client';
import { ErrorCode, JoinFormSchema, PASSWORD_MIN_LENGTH, TeamMessages } from '@slotwise/contracts';
import { useDocumentTitle } from '@slotwise/ui';
import { acceptInvitation } from '../../session/session-store';
import { AuthCard } from './AuthCard';
import { AuthForm, type FieldSpec } from './AuthForm';
import { AuthStatus } from './AuthStatus';

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
 * password chosen now) or the invited address's existing one (its password), then signs in and
 * opens the dashboard (a staff member's own day).
 */
export default function JoinPage() {
  useDocumentTitle('Join your team');
  const token = useSearchParams()[0].get('token') ?? '';
  const [state, setState] = useState<'form' | 'joined' | 'invalid'>('form');

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
  return (
    <AuthCard>
      <div className="sw-stack" data-join-state="form">
        <div className="shell-auth__heading">
          <h1>Join your team</h1>
          <p>You&rsquo;ve been invited to a business on Slotwise. Enter a password to join.</p>
        </div>
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
      </div>
    </AuthCard>
  );
}
