/*
 * A quiet reporter for `node --test` (scripts/test): one line for the whole run, and every failure in full. The
 * default reporter prints a block per test, which buries the one line that matters in a CI log.
 *   node --test --test-reporter=./tests/js/summary-reporter.js tests/js/
 * The runner's exit status is unchanged: non-zero when anything failed.
 */
"use strict";

const { inspect } = require("node:util");

function where(data) {
  return data.file ? ` (${require("node:path").relative(process.cwd(), data.file)})` : "";
}

module.exports = async function* summary(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for await (const event of source) {
    const data = event.data || {};
    // Suites are counted through their tests; a test file that fails to load comes as one failed test.
    const isSuite = data.details && data.details.type === "suite";
    if (event.type === "test:pass" && !isSuite) {
      if (data.skip || data.todo) skipped += 1;
      else passed += 1;
    } else if (event.type === "test:fail" && !isSuite) {
      failed += 1;
      const error = data.details && data.details.error;
      const cause = error && error.cause ? error.cause : error;
      yield `\nfailed: ${data.name}${where(data)}\n${inspect(cause, { depth: 4 })}\n`;
    }
  }
  yield `JavaScript: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`;
};
