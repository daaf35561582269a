/**
 * `words/no-bare-text`: every word a reader sees goes through the translation layer (docs/i18n.md).
 * Refused in JSX: text with a letter outside a `<Trans>`, a string written as a child
 * (`{'Save'}`), and a string given to an attribute readers see or hear (`aria-label`, `title`,
 * `placeholder`, `alt`, …, and a component's `label`, `*Label`, `heading`, `hint`, `description`…),
 * including either branch of a condition there. Strings a reader never sees (class names, ids, keys,
 * routes) are not judged. Data from the server arrives as expressions and is never judged.
 */
const LETTER = /\p{L}/u;
const TRANSLATED_ELEMENTS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);
const VISIBLE_ATTRIBUTE =
  /^(aria-label|aria-description|aria-roledescription|aria-valuetext|aria-placeholder|title|placeholder|alt|label|[a-z]+Label|heading|hint|description|legend|caption|summary|emptyText|emptyMessage|confirmText|helpText|subtitle)$/;

function elementName(node) {
  const name = node?.openingElement?.name;
  if (!name) return null;
  if (name.type === 'JSXIdentifier') return name.name;
  if (name.type === 'JSXMemberExpression') return name.property.name;
  return null;
}

/** Inside a `<Trans>` (or the other message elements): the macro turns its content into a message. */
function insideMessage(node) {
  for (let at = node.parent; at; at = at.parent) {
    if (at.type === 'JSXElement' && TRANSLATED_ELEMENTS.has(elementName(at))) return true;
    if (at.type === 'JSXAttribute') return false;
  }
  return false;
}

function literalText(node) {
  if (node.type === 'Literal') return typeof node.value === 'string' ? node.value : null;
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? '').join(' ');
  return null;
}

/** Climbs conditions and `??`/`||` from a literal to the JSX spot that shows it, if that is all between. */
function shownAt(node) {
  let at = node;
  while (
    at.parent &&
    (at.parent.type === 'ConditionalExpression'
      ? at.parent.test !== at
      : at.parent.type === 'LogicalExpression')
  ) {
    at = at.parent;
  }
  return at.parent?.type === 'JSXExpressionContainer'
    ? at.parent
    : at.parent?.type === 'JSXAttribute'
      ? at
      : null;
}

const noBareText = {
  meta: {
    type: 'problem',
    docs: { description: 'Words readers see go through the translation layer.' },
    schema: [],
    messages: {
      text: 'Readers see this text: write it as a message (<Trans>…</Trans> or t`…`), see docs/i18n.md.',
      attribute: 'Readers see or hear "{{name}}": give it a message (t`…`), see docs/i18n.md.',
    },
  },
  create(context) {
    function judgeLiteral(node) {
      const text = literalText(node);
      if (text === null || !LETTER.test(text) || insideMessage(node)) return;
      const spot = shownAt(node);
      if (!spot) return;
      const container = spot.type === 'JSXExpressionContainer' ? spot : null;
      const attribute = container ? container.parent : spot.parent;
      if (attribute?.type === 'JSXAttribute') {
        const name =
          attribute.name.type === 'JSXIdentifier' ? attribute.name.name : attribute.name.name?.name;
        if (VISIBLE_ATTRIBUTE.test(name ?? ''))
          context.report({ node, messageId: 'attribute', data: { name } });
        return;
      }
      if (
        container &&
        (container.parent?.type === 'JSXElement' || container.parent?.type === 'JSXFragment')
      ) {
        context.report({ node, messageId: 'text' });
      }
    }
    return {
      JSXText(node) {
        if (LETTER.test(node.value) && !insideMessage(node)) context.report({ node, messageId: 'text' });
      },
      Literal: judgeLiteral,
      TemplateLiteral(node) {
        if (node.parent?.type !== 'TaggedTemplateExpression') judgeLiteral(node);
      },
    };
  },
};

export default { rules: { 'no-bare-text': noBareText } };
