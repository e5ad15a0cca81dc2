// Mocha's spec output, then the slowest test files (to keep a suite run short) and the closing
// line CI reads: "N passed, N failed".
const { Spec } = require('mocha').reporters;

const SLOWEST_SHOWN = 15;

class SummaryReporter extends Spec {
  constructor(runner, options) {
    super(runner, options);
    const started = new Map();
    const took = new Map();
    runner.on('suite', (suite) => {
      if (suite.file && suite.parent?.root) started.set(suite, Date.now());
    });
    runner.on('suite end', (suite) => {
      const start = started.get(suite);
      if (start !== undefined) took.set(suite.file, (took.get(suite.file) ?? 0) + Date.now() - start);
    });
    runner.once('end', () => {
      const slowest = [...took].sort((a, b) => b[1] - a[1]).slice(0, SLOWEST_SHOWN);
      process.stdout.write(
        `\nSlowest files:\n${slowest.map(([file, ms]) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file.replace(`${process.cwd()}/`, '')}`).join('\n')}\n`,
      );
      const { passes, failures, pending } = runner.stats;
      process.stdout.write(`\n${passes} passed, ${failures} failed${pending ? `, ${pending} skipped` : ''}\n`);
    });
  }
}

module.exports = SummaryReporter;
