/**
 * Injection tokens: the run-time identities of the contracts (DESIGN §3).
 * Every injected constructor parameter names its token with `@inject(TOKEN)`,
 * so nothing depends on decorator metadata emission (TOOLCHAIN pitfall 1).
 */
export const TOKENS = {
  Registry: Symbol.for('moreau.Registry'),
  EventBus: Symbol.for('moreau.EventBus'),
  PluginContext: Symbol.for('moreau.PluginContext'),
  ContactSolver: Symbol.for('moreau.ContactSolver'),
  SolverChainFactory: Symbol.for('moreau.SolverChainFactory'),
  MeritFunction: Symbol.for('moreau.MeritFunction'),
  Kinematics: Symbol.for('moreau.Kinematics'),
  ContactDetector: Symbol.for('moreau.ContactDetector'),
  Integrator: Symbol.for('moreau.Integrator'),
} as const;
