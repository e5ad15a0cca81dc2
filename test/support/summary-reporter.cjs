// Mocha's spec output, then the closing line CI reads: "N passed, N failed".
const { Spec } = require('mocha').reporters;

class SummaryReporter extends Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once('end', () => {
      const { passes, failures, pending } = runner.stats;
      process.stdout.write(`\n${passes} passed, ${failures} failed${pending ? `, ${pending} skipped` : ''}\n`);
    });
  }
}

module.exports = SummaryReporter;
