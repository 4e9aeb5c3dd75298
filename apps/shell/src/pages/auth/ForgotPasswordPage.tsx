import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AuthMessages, ForgotPasswordRequestSchema, apiRoutes } from '@slotwise/contracts';
import { Alert, Button, buttonClassName, useDocumentTitle } from '@slotwise/ui';
import { useShellApi } from '../../api/shell-api';
import { AuthForm, EMAIL, type ForgotPasswordState } from './AuthForm';
import { AuthCard } from './AuthCard';

/** The address a link brought along (sign-in form, Settings), if any. */
function useEmailFromLink(): string {
  const email = (useLocation().state as ForgotPasswordState | null)?.email;
  return typeof email === 'string' ? email : '';
}

/**
 * /forgot-password: asks for the address and has a single-use reset link emailed to it. The
 * answer is the same whether or not the address has an account, and so is this page.
 */
export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const api = useShellApi();
  // The address last typed, so "Send Another Link" starts from it.
  const fromLink = useEmailFromLink();
  const [email, setEmail] = useState(fromLink);
  // The server's answer once sent; null while the form is shown.
  const [sent, setSent] = useState<string | null>(null);

  return (
    <AuthCard
      title="Forgot your password?"
      lead="Enter the email you sign in with and we will send you a link to choose a new one."
      bodyClassName="sw-stack"
    >
      {sent ? (
        <>
          <Alert variant="success" title="Check your inbox">
            {sent}
          </Alert>
          <p className="shell-auth__note">
            The link works once and expires in one hour. Nothing arrived? Check your spam folder, or
            send another link.
          </p>
          <Button variant="secondary" block onClick={() => setSent(null)}>
            Send Another Link
          </Button>
        </>
      ) : (
        <AuthForm
          label="Forgot password"
          schema={ForgotPasswordRequestSchema}
          fields={[EMAIL]}
          initial={{ email }}
          submitText="Send Reset Link"
          busyText="Sending…"
          failure={{
            title: 'Could not send the link',
            fallback: 'Failed to send the reset link. Please try again.',
          }}
          onSubmit={async (body) => {
            const answer = await api.request(apiRoutes.auth.forgotPassword, { body });
            setEmail(body.email);
            setSent(answer.message || AuthMessages.resetLinkSent);
          }}
        />
      )}
      <Link to="/auth" className={buttonClassName({ variant: 'ghost', block: true })}>
        Back to sign in
      </Link>
    </AuthCard>
  );
}
