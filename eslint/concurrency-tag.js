// Every API test that races things runs on PostgreSQL too (decision 124). The whole API suite
// runs on PGlite, which runs one statement at a time, so a race cannot happen there; CI runs the
// tests tagged `concurrency` on PostgreSQL as well, where it does. This rule keeps the tag from
// being forgotten: a test (`it`, `test`) that awaits several things at once (`Promise.all`,
// `allSettled`, `race`, `any`) races them, and it, a describe around it or its file
// (`// @module-tag concurrency`) must carry the tag. Awaiting several set-up steps at once that
// cannot race (files written side by side) says so in an eslint-disable comment with its reason.

const COMBINATORS = new Set(['all', 'allSettled', 'race', 'any']);
const TEST_FUNCTIONS = new Set(['it', 'test', 'describe']);
const TAG = 'concurrency';

/** `it`, `it.runIf(…)`, `describe.skipIf(…)`, `test.each(…)`: the test function a call is made with. */
function testFunctionName(callee) {
  let current = callee;
  while (current) {
    if (current.type === 'Identifier') return current.name;
    if (current.type === 'CallExpression') current = current.callee;
    else if (current.type === 'MemberExpression') current = current.object;
    else return undefined;
  }
  return undefined;
}

/** Whether a test or describe call names the tag in its options (`{ tags: ['concurrency'] }`). */
function isTagged(call) {
  return call.arguments.some(
    (argument) =>
      argument.type === 'ObjectExpression' &&
      argument.properties.some(
        (property) =>
          property.type === 'Property' &&
          property.key.type === 'Identifier' &&
          property.key.name === 'tags' &&
          property.value.type === 'ArrayExpression' &&
          property.value.elements.some((element) => element?.type === 'Literal' && element.value === TAG),
      ),
  );
}

export const concurrencyTag = {
  meta: {
    type: 'problem',
    docs: { description: 'An API test that races requests, workers or processes is tagged to run on PostgreSQL too' },
    messages: {
      untagged:
        "This test awaits several things at once, so they race: tag it (or its describe) with `{ tags: ['concurrency'] }`, or its file with a first line `// @module-tag concurrency`, so that it runs on PostgreSQL too (decision 124).",
    },
    schema: [],
  },
  create(context) {
    if (/@module-tag\s+concurrency\b/.test(context.sourceCode.text)) return {};
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.object.type !== 'Identifier' || callee.object.name !== 'Promise') return;
        if (callee.property.type !== 'Identifier' || !COMBINATORS.has(callee.property.name)) return;
        const enclosingTests = context.sourceCode
          .getAncestors(node)
          .filter((ancestor) => ancestor.type === 'CallExpression' && TEST_FUNCTIONS.has(testFunctionName(ancestor.callee) ?? ''));
        // Set-up outside any test (a beforeAll signing up supporters side by side) is not a test of a race.
        if (!enclosingTests.some((call) => testFunctionName(call.callee) !== 'describe')) return;
        if (enclosingTests.some(isTagged)) return;
        context.report({ node, messageId: 'untagged' });
      },
    };
  },
};
