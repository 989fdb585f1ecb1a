/** Where the command writes: injectable so tests can run commands in-process. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** True when stderr is a terminal (progress lines are drawn only then). */
  isTTY: boolean;
  cwd: string;
  /**
   * Calls `handler` when the user asks the command to stop (Ctrl-C), for commands
   * that stop cleanly; returns a function that stops listening. Absent: no interruption.
   */
  onInterrupt?(handler: () => void): () => void;
}

export function processIO(): CliIO {
  return {
    out: (t) => process.stdout.write(t.endsWith('\n') ? t : `${t}\n`),
    err: (t) => process.stderr.write(t.endsWith('\n') || t.endsWith('\r') ? t : `${t}\n`),
    isTTY: Boolean(process.stderr.isTTY),
    cwd: process.cwd(),
    onInterrupt: interruptOnSigint,
  };
}

/** The first Ctrl-C asks for a clean stop; a second one, for a user who cannot wait, ends the process at once. */
function interruptOnSigint(handler: () => void): () => void {
  let count = 0;
  const onSigint = () => {
    if (++count > 1) {
      process.stderr.write('\nInterrupted again: exiting at once, without a checkpoint.\n');
      process.exit(EXIT.interrupted);
    }
    handler();
  };
  process.on('SIGINT', onSigint);
  return () => process.off('SIGINT', onSigint);
}

/** Exit statuses of the `moreau` command (130 = 128 + SIGINT, the shell's convention for Ctrl-C). */
export const EXIT = { converged: 0, notConverged: 1, userError: 2, internalError: 3, interrupted: 130 } as const;

/**
 * JSON for `--json` output. JSON has no Infinity or NaN (JSON.stringify would
 * print `null`), so non-finite numbers are printed as the strings "Infinity",
 * "-Infinity" and "NaN"; every other number stays a number.
 */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));
}
