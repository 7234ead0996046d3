// One owner per table (decision 101): the module that writes a table's rows. Other modules read
// them through the owner's service or a named read model (modules/event-reads for campaigns) and
// change them by calling the owner. This rule reports an API module that inserts into, updates or
// deletes from a core table (db/schema.ts) it does not own; a module's own tables (its tables.ts)
// are its alone, and another module may not import them at all (eslint/boundaries.js).
//
// What it sees: `x.insert(table)`, `x.update(table)` and `x.delete(table)` where `table` is
// imported from db/schema.ts, and SQL written as text, in a template (tagged, as `sql\`…\``, or not)
// or a string: `insert into t`, `update t … set`, `delete from t`, where `t` is a core table's SQL
// name or a schema table interpolated (`${pledges}`, `${getTableName(pledges)}`). A table name
// built at run time from anything else is not seen.

/**
 * The owner of each core table: the one module that writes it. Another module that writes it is
 * reported; it calls a function of the owner's service instead (decision 101, whose second writers
 * have all moved).
 */
export const TABLE_OWNERS = {
  users: { owner: 'users' },
  refreshTokens: { owner: 'auth' },
  passwordResetTokens: { owner: 'password-reset' },
  charityGroups: { owner: 'admin' },
  // Admins add, edit and hide charities and the portal saves a representative's profile, both
  // through modules/charities, which also serves the public list.
  charities: { owner: 'charities' },
  // Campaign rows are written below every module that changes a campaign (events, the life cycle,
  // runoffs, a closing account), as modules/event-reads serves their reads.
  events: { owner: 'event-records' },
  participants: { owner: 'participants' },
  eventDocuments: { owner: 'event-records' },
  paymentMethods: { owner: 'payment-methods' },
  pledges: { owner: 'pledges' },
  ledgerTransactions: { owner: 'ledger' },
  ledgerEntries: { owner: 'ledger' },
  // The outbox is written by the mailer (providers/email), inside the caller's transaction.
  outboxEmails: { owner: null },
  contactMessages: { owner: 'contact' },
};

const WRITES = new Set(['insert', 'update', 'delete']);
/** A table's SQL name: its export name in db/schema.ts in snake case (`eventDocuments` → `event_documents`). */
const sqlName = (exported) => exported.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const TABLE_BY_SQL_NAME = new Map(Object.keys(TABLE_OWNERS).map((key) => [sqlName(key), key]));
const TABLE_NAME = String.raw`(?:only\s+)?(?:"?public"?\.)?"?([a-z_]+)"?`;
/** Writes in SQL text; an update needs its `set` (an optional alias between), so prose such as "Update your card" is no write. */
const SQL_WRITES = [
  new RegExp(String.raw`\binsert\s+into\s+${TABLE_NAME}`, 'gi'),
  new RegExp(String.raw`\bdelete\s+from\s+${TABLE_NAME}`, 'gi'),
  new RegExp(String.raw`\bupdate\s+${TABLE_NAME}(?:\s+(?:as\s+)?[a-z_]+)?\s+set\b`, 'gi'),
];
const SCHEMA = /(^|\/)db\/schema(\.ts)?$/;
const MODULE = /\/apps\/api\/src\/modules\/([^/]+)\//;

function importedFrom(scope, name) {
  for (let current = scope; current; current = current.upper) {
    const variable = current.set.get(name);
    if (!variable) continue;
    const definition = variable.defs[0];
    if (definition?.type !== 'ImportBinding' || definition.node.type !== 'ImportSpecifier') return undefined;
    return { source: definition.parent.source.value, imported: definition.node.imported.name };
  }
  return undefined;
}

/** The core tables SQL text writes, by their keys in TABLE_OWNERS. */
function tablesWrittenIn(text) {
  const tables = new Set();
  for (const pattern of SQL_WRITES) {
    for (const match of text.matchAll(pattern)) {
      const table = TABLE_BY_SQL_NAME.get(match[1].toLowerCase());
      if (table) tables.add(table);
    }
  }
  return tables;
}

/** @type {import('eslint').Rule.RuleModule} */
export const tableOwner = {
  meta: {
    type: 'problem',
    docs: { description: 'Only the owning module writes a core table' },
    schema: [],
    messages: {
      notOwner: 'The {{owner}} module owns `{{table}}`: call its service instead of writing the table from {{module}} (eslint/table-owners.js, decision 101).',
      noOwner: '`{{table}}` names no owning module: add it to TABLE_OWNERS in eslint/table-owners.js.',
    },
  },
  create(context) {
    const module = MODULE.exec(context.physicalFilename)?.[1];
    if (!module) return {};
    const schemaTable = (node, identifier) => {
      if (identifier?.type !== 'Identifier') return undefined;
      const binding = importedFrom(context.sourceCode.getScope(node), identifier.name);
      return binding && SCHEMA.test(binding.source) ? binding.imported : undefined;
    };
    const check = (node, table) => {
      const entry = TABLE_OWNERS[table];
      if (!entry) {
        context.report({ node, messageId: 'noOwner', data: { table } });
        return;
      }
      if (entry.owner === null || entry.owner === module) return;
      context.report({ node, messageId: 'notOwner', data: { owner: entry.owner, table, module } });
    };
    /** An interpolated schema table (`${pledges}`, `${getTableName(pledges)}`) reads as its SQL name. */
    const interpolated = (node, expression) => {
      const call = expression.type === 'CallExpression' && expression.callee.type === 'Identifier' && expression.callee.name === 'getTableName';
      const table = schemaTable(node, call ? expression.arguments[0] : expression);
      return table ? sqlName(table) : ' ? ';
    };
    return {
      TemplateLiteral(node) {
        const text = node.quasis
          .map((quasi, index) => (quasi.value.cooked ?? quasi.value.raw) + (node.expressions[index] ? interpolated(node, node.expressions[index]) : ''))
          .join('');
        for (const table of tablesWrittenIn(text)) check(node, table);
      },
      Literal(node) {
        if (typeof node.value !== 'string') return;
        for (const table of tablesWrittenIn(node.value)) check(node, table);
      },
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || !WRITES.has(callee.property.name)) return;
        const [table] = node.arguments;
        const imported = schemaTable(node, table);
        if (imported) check(table, imported);
      },
    };
  },
};
