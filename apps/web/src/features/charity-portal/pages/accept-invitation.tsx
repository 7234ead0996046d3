import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { LOGIN_RETURN_PARAM, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { serverMessage } from '@/lib/server-message';
import { useAcceptInvitation, useInvitation } from '@/lib/charity-portal';

const STATE_TEXT = {
  accepted: 'This invitation was accepted already.',
  expired: 'This invitation has expired: ask the admin for a new one.',
  revoked: 'This invitation was withdrawn.',
} as const;

/** /charity-invitations/:token: an admin's invitation to represent a charity (decision 135). */
export default function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    document.title = 'Charity invitation — Pledgeway';
  }, []);
  const here = `/charity-invitations/${token}`;

  async function onAccept() {
    setError(null);
    try {
      const answer = await accept.mutateAsync();
      navigate(`/user/charities/${answer.data.charity_id}`);
    } catch (failure) {
      setError(serverMessage(failure, 'The invitation could not be accepted. Please try again.'));
    }
  }

  return (
    <div className="container-page max-w-xl py-12">
      <div className="card space-y-4 p-6 sm:p-8">
        <h1 className="text-2xl font-semibold">Represent a charity</h1>
        {invitation.isPending ? (
          <Spinner label="Reading the invitation" />
        ) : invitation.isError ? (
          <Alert tone="error">{serverMessage(invitation.error, 'This invitation link is not valid.')}</Alert>
        ) : (
          <>
            <p>
              You are invited to represent <strong>{invitation.data.charity_name}</strong> in its charity portal: its campaigns, the money charged for it,
              payouts, disputes and its public profile.
            </p>
            <p className="text-sm text-ink-600">
              The invitation was sent to <strong className="break-all">{invitation.data.email}</strong>; accept it with an account that uses this address.
            </p>
            {invitation.data.state !== 'open' ? (
              <Alert tone="error">{STATE_TEXT[invitation.data.state]}</Alert>
            ) : status === 'loading' ? (
              <Spinner label="Checking your session" />
            ) : user ? (
              <>
                {error && <Alert tone="error">{error}</Alert>}
                <p className="text-sm">
                  Signed in as <span className="break-all">{user.email}</span>.
                </p>
                <Button onClick={() => void onAccept()} loading={accept.isPending} loadingText="Accepting…">
                  Accept invitation
                </Button>
              </>
            ) : (
              <div className="flex flex-wrap gap-3">
                <Link className={buttonClasses()} to={`${paths.login}?${LOGIN_RETURN_PARAM}=${encodeURIComponent(here)}`}>
                  Sign in
                </Link>
                <Link className={buttonClasses({ variant: 'outline' })} to={`${paths.register}?${LOGIN_RETURN_PARAM}=${encodeURIComponent(here)}`}>
                  Create an account
                </Link>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
