// Command-line arguments of the bench scripts: bad input gets one line on stderr naming the
// script and exit code 2, never a stack trace.
import { parseArgs } from 'node:util';

/**
 * The arguments of `script` (its path from the repository's root, as the message names it) parsed
 * by `options` (node:util parseArgs); an unknown or malformed option fails with the list of options.
 * @returns {{ values: Record<string, string | boolean | undefined>, fail: (message: string) => never, whole: (name: string, min: number, max: number, why: string) => number }}
 */
export function benchArgs(script, options, argv = process.argv.slice(2)) {
  /** Bad input: one line on stderr, exit 2, no stack. */
  const fail = (message) => {
    process.stderr.write(`${script}: ${message}\n`);
    process.exit(2);
  };
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options }));
  } catch (e) {
    // parseArgs may explain over several lines: one line here.
    fail(`${e.message.replace(/\s*\n\s*/g, ' ').replace(/\.?$/, '.')} Options: ${Object.keys(options).map((k) => `--${k}`).join(', ')}.`);
  }
  /** Option `name` as a whole number in [min, max], with the reason for the bound in the message. */
  const whole = (name, min, max, why) => {
    const text = values[name];
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) fail(`--${name}: expected a whole number from ${min} to ${max} (${why}), got "${text}".`);
    return Number(text);
  };
  return { values, fail, whole };
}
