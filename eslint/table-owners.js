// One owner per table (decision 101): the module that writes a table's rows. Other modules read
// them through the owner's service or a named read model (modules/event-reads for campaigns) and
// change them by calling the owner. This rule reports an API module that inserts into, updates or
// deletes from a core table (db/schema.ts) it does not own; a module's own tables (its tables.ts)
// are its alone, and another module may not import them at all (eslint/boundaries.js).
//
// What it sees: `x.insert(table)`, `x.update(table)` and `x.delete(table)` where `table` is
// imported from db/schema.ts. SQL written as text (`sql\`update …\``) is not seen.

/**
 * The owner of each core table, and the modules that still write it beside the owner: each such
 * write is to move behind a function of the owner's service. A module not named here that starts
 * writing a table is reported.
 */
export const TABLE_OWNERS = {
  users: { owner: 'users' },
  refreshTokens: { owner: 'auth' },
  passwordResetTokens: { owner: 'password-reset' },
  charityGroups: { owner: 'admin' },
  charities: { owner: 'admin' },
  // Campaign rows are written below every module that changes a campaign (events, the life cycle,
  // runoffs, a closing account), as modules/event-reads serves their reads.
  events: { owner: 'event-records' },
  participants: { owner: 'participants' },
  eventDocuments: { owner: 'event-records' },
  paymentMethods: { owner: 'payment-methods' },
  pledges: { owner: 'pledges', stillWrittenBy: ['charging', 'matching', 'runoff'] },
  ledgerTransactions: { owner: 'ledger' },
  ledgerEntries: { owner: 'ledger' },
  // The outbox is written by the mailer (providers/email), inside the caller's transaction.
  outboxEmails: { owner: null },
  contactMessages: { owner: 'contact' },
};

const WRITES = new Set(['insert', 'update', 'delete']);
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
    return {
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || !WRITES.has(callee.property.name)) return;
        const [table] = node.arguments;
        if (table?.type !== 'Identifier') return;
        const binding = importedFrom(context.sourceCode.getScope(node), table.name);
        if (!binding || !SCHEMA.test(binding.source)) return;
        const entry = TABLE_OWNERS[binding.imported];
        if (!entry) {
          context.report({ node: table, messageId: 'noOwner', data: { table: binding.imported } });
          return;
        }
        if (entry.owner === null || entry.owner === module || entry.stillWrittenBy?.includes(module)) return;
        context.report({ node: table, messageId: 'notOwner', data: { owner: entry.owner, table: binding.imported, module } });
      },
    };
  },
};
