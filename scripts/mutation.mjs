// Mutation testing, module by module: `node scripts/mutation.mjs [module...]` runs Stryker on
// mutation/<module>.stryker.mjs for each module named (every module when none is), one after
// the other (each run already uses both cores), then reads the JSON reports and prints and
// writes the score table to reports/mutation/scores.md.
//   --report-only   skip the runs; tabulate the reports already on disk
//   --survivors     also list every surviving and uncovered mutant (file:line, mutator, replacement)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const configDir = join(root, 'mutation');
const reportDir = join(root, 'reports', 'mutation');
const stryker = join(root, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js');

const args = process.argv.slice(2);
const reportOnly = args.includes('--report-only');
const listSurvivors = args.includes('--survivors');
const unknownFlag = args.find((a) => a.startsWith('--') && a !== '--report-only' && a !== '--survivors');
if (unknownFlag) fail(`unknown option ${unknownFlag}; known: --report-only, --survivors`);

const known = readdirSync(configDir)
  .filter((f) => f.endsWith('.stryker.mjs'))
  .map((f) => f.slice(0, -'.stryker.mjs'.length))
  .sort();
const named = args.filter((a) => !a.startsWith('--'));
for (const m of named) if (!known.includes(m)) fail(`no module "${m}" (mutation/${m}.stryker.mjs); known: ${known.join(', ')}`);
const modules = named.length > 0 ? named : known;

if (!reportOnly) {
  for (const m of modules) {
    console.log(`\n=== mutation testing: ${m}`);
    const run = spawnSync(process.execPath, [stryker, 'run', join('mutation', `${m}.stryker.mjs`)], { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) fail(`Stryker failed on module ${m} (exit ${run.status ?? run.signal})`);
  }
}

const rows = [];
const survivors = [];
for (const m of modules) {
  const file = join(reportDir, `${m}.json`);
  if (!existsSync(file)) {
    // only --report-only gets here: a module never run is listed, not an error
    if (named.length > 0) fail(`no report for module ${m} (${relative(root, file)}): run it without --report-only`);
    rows.push({ module: m, notRun: true });
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const count = { Killed: 0, Survived: 0, NoCoverage: 0, Timeout: 0 };
  let total = 0;
  for (const [path, { mutants }] of Object.entries(report.files)) {
    for (const mutant of mutants) {
      total++;
      if (mutant.status in count) count[mutant.status]++;
      if (mutant.status === 'Survived' || mutant.status === 'NoCoverage') {
        survivors.push({ module: m, path, mutant });
      }
    }
  }
  rows.push({ module: m, total, ...count });
}

const table = scoreTable(rows);
mkdirSync(reportDir, { recursive: true });
writeFileSync(join(reportDir, 'scores.md'), table);
console.log(`\n${table}`);
console.log(`written to ${relative(root, join(reportDir, 'scores.md'))}`);
if (listSurvivors) {
  for (const { module, path, mutant } of survivors) {
    const { line, column } = mutant.location.start;
    console.log(`${module}  ${path}:${line}:${column}  ${mutant.status}  ${mutant.mutatorName}  → ${oneLine(mutant.replacement)}`);
  }
}

/**
 * The markdown table. The score is Stryker's: (killed + timeout) / (killed + timeout +
 * survived + no coverage); mutants that do not run (compile or runtime errors) count in
 * "mutants" but not in the score.
 */
function scoreTable(rows) {
  const lines = [
    '| module | mutants | killed | survived | no coverage | timeout | score |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    if (r.notRun) {
      lines.push(`| ${r.module} | not run | | | | | |`);
      continue;
    }
    const detected = r.Killed + r.Timeout;
    const valid = detected + r.Survived + r.NoCoverage;
    const score = valid > 0 ? `${((100 * detected) / valid).toFixed(1)} %` : 'n/a';
    lines.push(`| ${r.module} | ${r.total} | ${r.Killed} | ${r.Survived} | ${r.NoCoverage} | ${r.Timeout} | ${score} |`);
  }
  return `${lines.join('\n')}\n`;
}

function oneLine(s) {
  const t = String(s ?? '').replace(/\s+/g, ' ');
  return t.length > 70 ? `${t.slice(0, 67)}...` : t;
}

function fail(message) {
  console.error(`mutation: ${message}`);
  process.exit(1);
}
