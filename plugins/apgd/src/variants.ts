import { Acary } from './acary.js';
import type { ApgdOptions } from './options.js';
import { Mazhar } from './mazhar.js';
import { Nesterov } from './nesterov.js';
import type { ApgdVariant } from './pass.js';

/** How each variant is built from the options (the ones that apply to it, with their defaults). */
const VARIANTS: Record<ApgdOptions['variant'], (o: ApgdOptions) => ApgdVariant> = {
  nesterov: () => new Nesterov(),
  // carrying the momentum over means nothing when every pass starts from r = 0
  mazhar: (o) => new Mazhar((o.carryMomentum ?? true) && o.passStart === 'previous', o.restart ?? 'objective'),
  acary: (o) => new Acary(o.rhoUpdate ?? 'ratio1', o.rho ?? 'wrho'),
};

/** The variant `options.variant` names, with the options that apply to it (a ρ rule Acary cannot use is refused here, at create time). */
export function createVariant(options: ApgdOptions): ApgdVariant {
  return VARIANTS[options.variant](options);
}
