import { type AdminRequest, askAdmin } from '../operations/admin-command';
import { usage } from '../operations/operation-error';
import { runCli } from './cli-runner';

const HELP = `npm run admin -- COMMAND [ARGUMENTS] [--data-dir DIR]

  list [--query TEXT] [--page N]        accounts, newest first (50 a page), searched by address
  disable EMAIL                         signs the account out everywhere, refuses its sign-in,
                                        pauses its reminders
  enable EMAIL                          lets it sign in again; its reminders resume
  delete EMAIL --confirm EMAIL          deletes the account and everything it holds (the address
                                        twice, to be sure)
  signups [open|invite|closed]          shows, or sets, who may register (the choice is stored and
                                        wins over SIGNUPS)
  invite EMAIL                          mails an invitation to register (7 days, once)

Asks the server running on DATA_DIR (the embedded database), which records each action as
"operator (CLI)" beside the admin screen's.`;

const POLICIES = ['open', 'invite', 'closed'];

function requestOf(
  positionals: string[],
  values: Record<string, string | boolean | undefined>,
): AdminRequest {
  const [command, argument, ...rest] = positionals;
  if (rest.length > 0) throw usage(`Too many arguments.\n\n${HELP}`);
  const email = () => {
    if (!argument) throw usage(`${command} needs an email address.\n\n${HELP}`);
    return argument;
  };
  switch (command) {
    case 'list': {
      const page = typeof values.page === 'string' ? Number(values.page) : undefined;
      if (page !== undefined && !(Number.isInteger(page) && page >= 1))
        throw usage('--page is a whole number from 1.');
      return { command, query: typeof values.query === 'string' ? values.query : undefined, page };
    }
    case 'disable':
    case 'enable':
    case 'invite':
      return { command, email: email() };
    case 'delete': {
      const confirm = values.confirm;
      if (typeof confirm !== 'string')
        throw usage(`delete needs the address again: --confirm ${argument ?? 'EMAIL'}.`);
      return { command, email: email(), confirmEmail: confirm };
    }
    case 'signups':
      if (argument !== undefined && !POLICIES.includes(argument))
        throw usage(`signups is open, invite or closed, not ${argument}.`);
      return { command, policy: argument };
    default:
      throw usage(
        `${command === undefined ? 'No command given.' : `Unknown command ${command}.`}\n\n${HELP}`,
      );
  }
}

interface ListedAccount {
  email: string;
  createdAt: string;
  lastActiveAt: string | null;
  emailVerified: boolean;
  disabled: boolean;
  admin: boolean;
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : 'never');

function report(request: AdminRequest, answer: Record<string, unknown>): string {
  switch (request.command) {
    case 'list': {
      const accounts = answer.accounts as ListedAccount[];
      const lines = accounts.map((a) =>
        [
          a.email.padEnd(40),
          `created ${day(a.createdAt)}`,
          `last active ${day(a.lastActiveAt)}`,
          a.emailVerified ? 'verified' : 'unverified',
          ...(a.disabled ? ['DISABLED'] : []),
          ...(a.admin ? ['admin'] : []),
        ].join('  '),
      );
      return [
        ...lines,
        `${accounts.length} of ${String(answer.total)} accounts (page ${String(answer.page)}).`,
      ].join('\n');
    }
    case 'disable':
      return `${request.email} is disabled: signed out everywhere, sign-in refused, reminders paused.`;
    case 'enable':
      return `${request.email} may sign in again; its reminders resume.`;
    case 'delete':
      return `The account of ${request.email} and everything it held are deleted.`;
    case 'invite':
      return `If ${request.email} has no account yet, an invitation is on its way (works once, for 7 days).`;
    case 'signups':
      return `Sign-ups: ${String(answer.policy)} (${answer.source === 'stored' ? 'chosen by an administrator' : 'from SIGNUPS'}).`;
  }
}

runCli(
  HELP,
  { query: { type: 'string' }, page: { type: 'string' }, confirm: { type: 'string' } },
  async ({ positionals, values, dataDir, databaseUrl }) => {
    const request = requestOf(positionals, values);
    return report(request, await askAdmin({ dataDir, databaseUrl, request }));
  },
);
