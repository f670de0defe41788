import { useParams } from 'react-router';
import { ApprovalPage } from './approval-page';
import { ApprovalsPage } from './approvals-page';

/**
 * /profile/approvals and /profile/approvals/:approvalId in one lazy route (one route entry less in
 * the first page's route table, issue 20): the list, or one request.
 */
export function ApprovalsRoute() {
  const { approvalId } = useParams();
  return approvalId === undefined ? <ApprovalsPage /> : <ApprovalPage />;
}
