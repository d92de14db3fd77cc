/** A human-readable sentence from validation issues: the web app shows `message` as it is. */
export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  if (issues.length === 0) return 'Invalid input.';
  return issues
    .slice(0, 5)
    .map((issue) => {
      const field = issue.path.map(String).join('.');
      const text = issue.message.endsWith('.') ? issue.message : `${issue.message}.`;
      return field ? `${field}: ${text}` : text;
    })
    .join(' ');
}
