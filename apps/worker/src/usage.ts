/**
 * `--help` (or `-h`) for the maintenance commands: the usage printed and the process ended before
 * any configuration is read or a database opened, so an operator can ask a command in the image
 * what it does without a DATABASE_URL at hand.
 */
export function answerHelp(usage: readonly string[], argv: readonly string[] = process.argv.slice(2)): void {
  if (!argv.includes('--help') && !argv.includes('-h')) return;
  process.stdout.write(`${usage.join('\n')}\n`);
  process.exit(0);
}
