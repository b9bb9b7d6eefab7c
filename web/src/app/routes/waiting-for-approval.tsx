import { AUTH_MESSAGES } from '@bosun/shared';
import { useDocumentTitle } from '@mantine/hooks';
import { WaitingForApproval } from '../../features/auth';

/** What an account waiting for an admin sees on every path (issue 24); the guard renders it. */
export default function WaitingForApprovalRoute() {
  useDocumentTitle(`${AUTH_MESSAGES.waitingTitle} · Bosun`);
  return <WaitingForApproval />;
}
