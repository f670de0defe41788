import { isAppError } from '../http/app-error';
import type { AppContext } from '../app-context';
import { deliverDueNow } from '../modules/outbox/outbox-dispatcher';
import { approveUser, listPendingRegistrations, rejectUser } from '../modules/users/users.service';

/**
 * `npm run admin -- <command>`: staff actions on accounts until the back office exists.
 *
 *   approve EMAIL          approve a confirmed registration; the customer gets a mail
 *   reject EMAIL [REASON]  reject (disable) an account; the person gets a mail with the reason
 *   pending                list confirmed registrations waiting for approval
 *
 * Prints what it did through `io.log`; a failure throws an AdminCommandError whose message says
 * why (the CLI prints it and exits with a non-zero code).
 */
export class AdminCommandError extends Error {
  override name = 'AdminCommandError';
}

export interface AdminIo {
  log(message: string): void;
}

export const ADMIN_USAGE = `Usage:
  npm run admin -- approve EMAIL          approve a confirmed registration (the customer gets a mail)
  npm run admin -- reject EMAIL [REASON]  reject a registration (the person gets a mail with the reason)
  npm run admin -- pending                list confirmed registrations waiting for approval`;

const REASONS: Record<string, string> = {
  ERR_NO_USER_FOUND: 'no account with that e-mail address',
  ERR_EMAIL_NOT_VERIFIED: 'the e-mail address is not confirmed yet; it cannot be approved',
};

function describe(error: unknown): never {
  if (isAppError(error)) throw new AdminCommandError(`${REASONS[error.code] ?? error.code} (${error.code})`);
  throw error;
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Delivers the mail just queued (and anything else due); says whether it went out. */
async function mailOutcome(ctx: AppContext, what: string): Promise<string> {
  const { failed } = await deliverDueNow(ctx, quiet);
  return failed === 0
    ? `the ${what} mail was sent.`
    : `the ${what} mail could not be sent yet; the shop retries it from the outbox.`;
}

export async function runAdminCommand(
  ctx: AppContext,
  args: string[],
  io: AdminIo = { log: (message) => console.log(message) },
): Promise<void> {
  const [command, ...rest] = args;
  switch (command) {
    case 'approve': {
      const [email, ...extra] = rest;
      if (!email || extra.length > 0)
        throw new AdminCommandError(`approve takes one e-mail address\n${ADMIN_USAGE}`);
      const result = await approveUser(ctx, email.trim()).catch(describe);
      if (result.alreadyApproved) {
        io.log(`${result.email} (user ${result.userId}) was already approved; nothing changed.`);
      } else {
        io.log(`${result.email} (user ${result.userId}) approved; ${await mailOutcome(ctx, 'approval')}`);
      }
      return;
    }
    case 'reject': {
      const [email, ...reasonWords] = rest;
      if (!email) throw new AdminCommandError(`reject takes an e-mail address and a reason\n${ADMIN_USAGE}`);
      const reason = reasonWords.join(' ').trim() || null;
      const result = await rejectUser(ctx, email.trim(), reason).catch(describe);
      io.log(
        `${result.email} (user ${result.userId}) rejected${reason ? ` (${reason})` : ''}; ` +
          (await mailOutcome(ctx, 'rejection')),
      );
      return;
    }
    case 'pending': {
      const rows = await listPendingRegistrations(ctx);
      if (rows.length === 0) {
        io.log('No confirmed registration is waiting for approval.');
        return;
      }
      for (const row of rows) {
        const ids = [row.tax_number, row.company_registration_number].filter(Boolean).join(', ');
        io.log(`${row.email}\t${row.name}${ids ? `\t${ids}` : ''}\tregistered ${row.created_at}`);
      }
      return;
    }
    default:
      throw new AdminCommandError(
        command ? `Unknown admin command "${command}"\n${ADMIN_USAGE}` : ADMIN_USAGE,
      );
  }
}
