import { integratorSuite } from '@moreau/conformance';
import { implicitEuler, linearlyImplicit, moreauMidpoint } from './index.js';

integratorSuite(moreauMidpoint);
integratorSuite(moreauMidpoint, { options: { impact: { restitution: 0.5 }, stabilization: 0 } });
integratorSuite(linearlyImplicit);
integratorSuite(implicitEuler);
integratorSuite(implicitEuler, { options: { impact: { restitution: 1 } } });
