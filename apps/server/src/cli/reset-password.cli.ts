import { emailSchema } from '@medrem/contract';
import { issueOperatorResetLink } from '../features/account/operator-reset-link';
import { usage } from '../operations/operation-error';
import { resetPasswordLink } from '../operations/reset-password-link';
import { runCli } from './cli-runner';

const HELP = `npm run reset-password -- EMAIL [--data-dir DIR]

Prints a one-time link on PUBLIC_URL that lets the account of EMAIL choose a new password, for
servers that send no mail. It works once, for 30 minutes; choosing the password signs the account
out everywhere else. Works whether or not the server is running.`;

runCli(HELP, {}, async ({ positionals, dataDir, databaseUrl, publicUrl }) => {
  if (positionals.length !== 1) throw usage(`Give exactly one email address.\n\n${HELP}`);
  const email = emailSchema.safeParse(positionals[0]);
  if (!email.success) throw usage(`${positionals[0]} is not an email address.\n\n${HELP}`);
  const result = await resetPasswordLink({
    dataDir,
    databaseUrl,
    email: email.data,
    // The account feature's own rule, on a database this command opened (decision 207).
    issue: (db, address) => issueOperatorResetLink(db, { email: address, publicUrl, now: new Date() }),
  });
  return [
    `Reset link for ${email.data} (works once, until ${result.expiresAt.toISOString()}):`,
    '',
    result.link,
    '',
    result.hasPassword
      ? 'Give it to the account holder only. Any older reset link of this account no longer works.'
      : 'This account signs in with a provider (Google, OpenID Connect) and has no password: the link adds one.',
    ...(result.via === 'server' ? ['(Issued by the running server.)'] : []),
  ].join('\n');
});
