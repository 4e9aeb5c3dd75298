import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isApiError, useApiClient } from '@slotwise/api-client';
import {
  AuthMessages,
  type AuthUser,
  ChangePasswordFormSchema,
  type ChangePasswordRequest,
  PASSWORD_MIN_LENGTH,
  apiRoutes,
} from '@slotwise/contracts';
import {
  Alert,
  Card,
  CardBody,
  CardHeader,
  InputField,
  buttonClassName,
  toast,
  useForm,
  QueryState,
} from '@slotwise/ui';
import { fieldIssues, SaveRow, StatusLine, useOwner } from '../../owner';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type PasswordField = (typeof FIELDS)[number];

const EMPTY: Record<PasswordField, string> = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

export const accountKey = (userId: string) => ['owner', userId, 'account'] as const;

/** Settings → General: the signed-in owner's password. */
export function ChangePasswordCard() {
  const { session } = useOwner();
  return <PasswordCard user={session.user} />;
}

/** The card for `user`: a change form, or how to set a first password (Google-only accounts). */
export function PasswordCard({ user }: { user: AuthUser }) {
  const api = useApiClient();
  const account = useQuery({
    queryKey: accountKey(user.id),
    queryFn: ({ signal }) => api.request(apiRoutes.auth.me, { signal }),
  });

  return (
    <Card as="section">
      <CardBody className="sw-stack">
        <CardHeader
          title="Change password"
          description="Changing your password keeps you signed in here and signs you out on every other device."
        />
        <QueryState
          query={account}
          loading={<StatusLine>Loading your account...</StatusLine>}
          errorTitle="Could not load your account"
        >
          {(me) => (me.hasPassword ? <ChangePasswordForm /> : <NoPasswordYet email={user.email} />)}
        </QueryState>
      </CardBody>
    </Card>
  );
}

/** Accounts made with Google have no password; the emailed reset link sets a first one. */
function NoPasswordYet({ email }: { email: string }) {
  return (
    <>
      <Alert variant="info" title="You sign in with Google">
        Your account has no password yet. To set one, use &ldquo;Forgot password?&rdquo;: we will
        email a link to {email}. Setting a password signs you out on every device.
      </Alert>
      <div className="dash-actions sw-row sw-row--end">
        {/* The shell's page; it starts from the address carried in the link's state. */}
        <Link to="/forgot-password" state={{ email }} className={buttonClassName()}>
          Set a Password
        </Link>
      </div>
    </>
  );
}

function ChangePasswordForm() {
  const api = useApiClient();
  const form = useForm(ChangePasswordFormSchema, EMPTY);
  const change = useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      api.request(apiRoutes.auth.changePassword, { body }),
    onSuccess: (answer) => {
      form.reset(EMPTY);
      toast({
        title: 'Password changed',
        description: answer.message || AuthMessages.passwordChanged,
        variant: 'success',
      });
    },
    onError: (error) => {
      const issues = fieldIssues(error, FIELDS);
      if (Object.keys(issues).length > 0) {
        form.setErrors(issues);
        return;
      }
      toast({
        title: 'Password not changed',
        description:
          (isApiError(error) ? error.serverMessage : null) ??
          'Failed to change your password. Please try again.',
        variant: 'destructive',
      });
    },
  });

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate({ currentPassword, newPassword }),
  );

  return (
    <form className="sw-stack" noValidate onSubmit={onSubmit} aria-label="Change password">
      <InputField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        {...form.field('currentPassword')}
      />
      <div className="sw-form-row">
        <InputField
          label="New Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          {...form.field('newPassword')}
        />
        <InputField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          {...form.field('confirmPassword')}
        />
      </div>
      <SaveRow label="Change Password" busy={change.isPending} busyText="Changing…" />
    </form>
  );
}
