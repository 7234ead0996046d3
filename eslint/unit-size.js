// Size limits of a unit of code (CONTRIBUTING.md, "Size"): a function reads whole in at most 80
// lines of code (blank and comment lines aside).
//
// ESLint's own max-lines-per-function counts a named inner function inside its parent too, so a
// service factory (`createXService(ctx)` returning an object of methods) or a route plugin would
// be measured as one 300-line function. Here a named inner function (a declaration, a method, a
// function assigned to a variable or property) is its own unit and is left out of its parent's
// count; an anonymous callback (a transaction body, a route handler, a `map`) stays part of the
// function that passes it, because it is read as part of that flow.

const FUNCTION = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** A function a reader finds by name: declared, a method, or assigned to a variable or property. */
function isNamedUnit(node) {
  if (node.type === 'FunctionDeclaration') return true;
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'MethodDefinition' || parent.type === 'PropertyDefinition') return true;
  if (parent.type === 'Property' && parent.value === node) return true;
  if (parent.type === 'VariableDeclarator' && parent.init === node) return true;
  if (parent.type === 'AssignmentExpression' && parent.right === node) return true;
  return false;
}

/** @type {import('eslint').Rule.RuleModule} */
const maxFunctionLines = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Limit the lines of code of one function, counting a named inner function as its own unit' },
    schema: [{ type: 'object', properties: { max: { type: 'integer', minimum: 1 } }, additionalProperties: false }],
    messages: { tooLong: '{{name}} has {{lines}} lines of code (blank lines, comments and named inner functions aside); the limit is {{max}}.' },
  },
  create(context) {
    const max = context.options[0]?.max ?? 80;
    const sourceCode = context.sourceCode;
    const commentLines = new Set();
    for (const comment of sourceCode.getAllComments()) {
      // A line holding only a comment; a line with code and a trailing comment still counts.
      for (let line = comment.loc.start.line; line <= comment.loc.end.line; line += 1) {
        const text = sourceCode.lines[line - 1];
        const before = line === comment.loc.start.line ? text.slice(0, comment.loc.start.column) : '';
        const after = line === comment.loc.end.line ? text.slice(comment.loc.end.column) : '';
        if (!before.trim() && !after.trim()) commentLines.add(line);
      }
    }
    /** Lines of each open function left out of its count: those of its named inner functions. */
    const stack = [];

    function enter(node) {
      if (stack.length && isNamedUnit(node)) {
        for (let line = node.loc.start.line + 1; line <= node.loc.end.line; line += 1) stack.at(-1).excluded.add(line);
      }
      stack.push({ excluded: new Set() });
    }

    function exit(node) {
      const { excluded } = stack.pop();
      let lines = 0;
      for (let line = node.loc.start.line; line <= node.loc.end.line; line += 1) {
        if (excluded.has(line) || commentLines.has(line) || !sourceCode.lines[line - 1].trim()) continue;
        lines += 1;
      }
      // A named unit's lines were already left out of its parent; an anonymous callback's count
      // toward every enclosing function up to the first named one.
      if (stack.length && !isNamedUnit(node)) {
        for (const line of excluded) stack.at(-1).excluded.add(line);
      }
      if (lines > max) {
        const name = node.id?.name ?? (node.parent?.key?.name || node.parent?.id?.name) ?? 'An anonymous function';
        context.report({ node, loc: node.loc.start, messageId: 'tooLong', data: { name: String(name), lines: String(lines), max: String(max) } });
      }
    }

    const listeners = {};
    for (const type of FUNCTION) {
      listeners[type] = enter;
      listeners[`${type}:exit`] = exit;
    }
    return listeners;
  },
};

export const unitSize = { rules: { 'max-function-lines': maxFunctionLines } };
