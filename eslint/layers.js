// A lint rule for the direction of imports between the folders of src/ (its layers). Each folder
// is a layer; the config lists which layers each one may import. A file directly in src/ belongs
// to the layer `files` names for it (by name, without its ending), else to `entry` (cli.ts,
// main.ts, program.ts). Imports of packages and within one folder are not its business; static,
// type-only, re-exported and dynamic imports all count, since each ties two folders together.
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Imports go down the layers of src/ only (see docs/architecture.md)' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          layers: {
            type: 'object',
            additionalProperties: { type: 'array', items: { type: 'string' } },
          },
          files: { type: 'object', additionalProperties: { type: 'string' } },
        },
        required: ['root', 'layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        'src/{{from}} may not import src/{{to}}: {{from}} builds on {{allowed}} only (docs/architecture.md)',
    },
  },
  create(context) {
    const { root, layers, files = {} } = context.options[0];
    const base = resolve(context.cwd, root);
    const layerOf = (file) => {
      const path = relative(base, file);
      if (path.startsWith('..') || isAbsolute(path)) return undefined;
      const [first, ...rest] = path.split(sep);
      // A module is named without its ending: `../version.js` is src/version.ts.
      return rest.length > 0 ? first : (files[first.replace(/\.[cm]?[jt]sx?$/, '')] ?? 'entry');
    };
    const from = layerOf(context.filename);
    if (from === undefined || !layers[from]) return {};
    const allowed = layers[from];

    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = layerOf(resolve(dirname(context.filename), source));
      if (to === undefined || to === from || allowed.includes(to)) return;
      context.report({
        node,
        messageId: 'upward',
        data: { from, to, allowed: allowed.length > 0 ? allowed.join(', ') : 'nothing of ours' },
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
