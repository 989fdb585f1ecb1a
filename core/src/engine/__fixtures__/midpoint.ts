import { z } from 'zod';
import { defineIntegrator } from '../../contracts/define.js';

/**
 * A copy of the midpoint step of plugins/integrators (core cannot import plugins), with
 * the quasi-inelastic law plus an optional Newton restitution, for the engine's tests.
 */
export const midpointFixture = defineIntegrator({
  name: 'moreau-midpoint',
  summary: 'test double: Moreau midpoint, quasi-inelastic',
  options: z.object({ restitution: z.number().min(0).max(1).optional() }),
  create: (o) => ({
    name: 'moreau-midpoint',
    step(s) {
      const { h, time: t } = s;
      s.advance(h / 2, t);
      s.prepareOperator(0);
      s.detect();
      s.freeVelocities(h, t + h / 2);
      const p = s.assemble((g, un, hh, e) => {
        const rest = e ?? o.restitution;
        if (rest !== undefined && un < 0 && g + hh * un <= 0) return rest * un;
        return Math.max(0, g) / hh;
      });
      s.applyReactions(s.solve(p).r);
      s.advance(h / 2, t + h / 2);
    },
  }),
});
