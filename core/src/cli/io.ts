/** Where the command writes: injectable so tests can run commands in-process. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** True when stderr is a terminal (progress lines are drawn only then). */
  isTTY: boolean;
  cwd: string;
}

export function processIO(): CliIO {
  return {
    out: (t) => process.stdout.write(t.endsWith('\n') ? t : `${t}\n`),
    err: (t) => process.stderr.write(t.endsWith('\n') || t.endsWith('\r') ? t : `${t}\n`),
    isTTY: Boolean(process.stderr.isTTY),
    cwd: process.cwd(),
  };
}

/** Exit statuses of the `moreau` command. */
export const EXIT = { converged: 0, notConverged: 1, userError: 2, internalError: 3 } as const;
