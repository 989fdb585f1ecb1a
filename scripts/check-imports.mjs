// Checks the import graph against the house rules (scripts/import-graph.mjs): exit 1 and one
// line per problem when a layer imports upwards, a package imports one it must not, or a cycle exists.
import { checkImportGraph } from './import-graph.mjs';

const root = new URL('..', import.meta.url).pathname;
const { files, edges, problems } = checkImportGraph(root);
if (problems.length) {
  console.error(`import graph: ${problems.length} problem(s) in ${files} files`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(`import graph: ${files} files, ${edges} imports inside packages; layers one way, no cycles`);
