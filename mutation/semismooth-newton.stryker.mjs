import { moduleStrykerConfig } from './stryker-module.mjs';

// The hot code of every iteration: the row classification and slip tangent (`contact-rows.ts`),
// the Newton system they assemble (`newton-system.ts`) and the constraint operator with the line
// search's merit (`constraints.ts`). All five files gave 730 mutants, and their mutants run whole
// solves: on two busy cores the first 70 took two minutes, with an estimate of hours, many of them
// timeouts of diverging solves. The driver (`scsol.ts`) and SCALE (`penalty.ts`) are the
// `semismooth-newton-driver` module, against their own tests (hand-solved small problems).
export default moduleStrykerConfig('semismooth-newton', [
  'plugins/semismooth-newton/src/contact-rows.ts',
  'plugins/semismooth-newton/src/newton-system.ts',
  'plugins/semismooth-newton/src/constraints.ts',
]);
