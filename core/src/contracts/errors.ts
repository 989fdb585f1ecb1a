/**
 * Every error Moreau raises on purpose is a `MoreauError` with a stable code.
 * The table below is the single list of codes; `docs/errors.md` documents the
 * same list and a test keeps the two in step. Tests assert codes, not messages.
 */
export const ERROR_CODES = {
  E_PROBLEM_SHAPE: 'a problem or matrix has inconsistent sizes, indices or a missing diagonal block',
  E_NOT_FINITE: 'a value that must be finite is NaN or infinite',
  E_INVALID_MU: 'a friction coefficient (μ, or a rolling or spinning resistance ρ, σ) is negative or above its bound',
  E_CONFIG: 'a configuration or option failed validation',
  E_UNKNOWN_PLUGIN: 'no plugin of that kind and name is registered',
  E_DUPLICATE_PLUGIN: 'a plugin of that kind and name is already registered',
  E_PLUGIN_CONTRACT: 'a plugin object does not have the shape its contract requires',
  E_UNSUPPORTED: 'a plugin or a file format was asked for something it does not support',
  E_FILE_FORMAT: 'a problem file is malformed, truncated, or of an unsupported kind',
  E_FILE_IO: 'a file could not be read or written',
  E_USAGE: 'the command line is malformed',
  E_SOLVER_BREAKDOWN: 'a solver met a state it cannot continue from (e.g. a singular local system)',
  E_SCENE: 'a scene failed validation (shapes, bodies, materials, friction, time step)',
  E_PLUGIN_LOAD: 'a plugin package was found but could not be loaded (a missing dependency of its own, or an error while its module ran)',
  E_TOO_LARGE: 'the work asked for would need more memory than the budget allows, or more disk than is free',
  E_QUEUE: 'a job queue (--queue redis://host:port) is malformed, cannot be reached, or failed',
  E_INTERNAL: 'an unexpected failure inside Moreau (a bug, not bad input); the original exception is its cause',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Where an error came from: a file, a dataset or line, an index into the problem, a config path. */
export interface ErrorLocation {
  file?: string;
  place?: string;
  index?: number;
  path?: (string | number)[];
}

/**
 * What marks an error as a MoreauError, for `isMoreauError`. A plugin installed from its own
 * folder can load a second copy of @moreau/core, whose MoreauError is another class that
 * `instanceof` in this copy does not recognise: a user's bad input would then be reported as
 * a bug. `Symbol.for` gives every copy the same symbol, so every copy reads the brand.
 */
const MOREAU_ERROR = Symbol.for('moreau.error');

export class MoreauError extends Error {
  override name = 'MoreauError';
  readonly code: ErrorCode;
  readonly where: ErrorLocation | undefined;
  /** For validation errors: one line per problem found, each with its path. */
  issues?: string[];

  constructor(code: ErrorCode, message: string, where?: ErrorLocation, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
    this.where = where;
    Object.defineProperty(this, MOREAU_ERROR, { value: true });
  }
}

/**
 * True for a MoreauError (with `code`, of that code) made by any copy of @moreau/core: it reads
 * the brand, not the class. Every check that decides how an error is reported or handled uses
 * this, never `instanceof MoreauError`.
 */
export function isMoreauError(e: unknown, code?: ErrorCode): e is MoreauError {
  if (typeof e !== 'object' || e === null || (e as { [MOREAU_ERROR]?: unknown })[MOREAU_ERROR] !== true) return false;
  return code === undefined || (e as { code?: unknown }).code === code;
}
