// The house's import boundaries (design STYLE §2–3), checked by ESLint on every relative import:
// - web: a feature never imports another feature; components/ and lib/ never import a feature or app/;
// - server: a module never imports another module's repository (nor its row types, which live there),
//   and a module that has an entrance file `<name>.module.ts` is reached only through it (tests may also
//   use its `*.test-support.ts`).
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const WEB_SRC = join('packages', 'web', 'src');
const SERVER_MODULES = join('packages', 'server', 'src', 'modules');

/** The part of `path` below `root/<base>/`, split into segments, or null when it is not below it. */
function below(root, base, path) {
  const rel = relative(join(root, base), path);
  if (rel.startsWith('..') || rel === '' || rel.startsWith(sep) || /^[a-zA-Z]:/.test(rel)) return null;
  return rel.split(sep);
}

/** Why the import of `target` from `file` crosses a boundary, or null when it may. */
export function boundaryViolation(root, file, target) {
  const webFrom = below(root, WEB_SRC, file);
  const webTo = below(root, WEB_SRC, target);
  if (webFrom && webTo) {
    const [fromArea, fromFeature] = webFrom;
    const [toArea, toFeature] = webTo;
    if (fromArea === 'features' && toArea === 'features' && fromFeature !== toFeature) {
      return `web feature '${fromFeature}' imports feature '${toFeature}': features never import each other; move the shared piece down into components/ or lib/`;
    }
    if ((fromArea === 'components' || fromArea === 'lib') && (toArea === 'features' || toArea === 'app')) {
      return `web ${fromArea}/ imports ${toArea}/: shared code never depends on a feature or on the app shell`;
    }
    return null;
  }
  const modFrom = below(root, SERVER_MODULES, file);
  const modTo = below(root, SERVER_MODULES, target);
  if (modFrom && modTo && modFrom[0] !== modTo[0] && modTo.length > 1) {
    const [other] = modTo;
    const name = modTo[modTo.length - 1];
    if (/\.repository(\.[cm]?[jt]sx?)?$/.test(name) || /\.repository$/.test(name)) {
      return `server module '${modFrom[0]}' imports the repository of module '${other}': call its service instead`;
    }
    // Tests may use another module's test support (its factories and fixtures).
    if (/\.test(-support)?\.ts$/.test(file) && /\.test-support(\.[jt]s)?$/.test(name)) return null;
    const entrance = join(root, SERVER_MODULES, other, `${other}.module.ts`);
    const targetTs = target.replace(/\.js$/, '.ts');
    if (existsSync(entrance) && targetTs !== entrance && target !== entrance.replace(/\.ts$/, '')) {
      return `server module '${modFrom[0]}' reaches into module '${other}': import only its entrance ${other}.module.ts`;
    }
  }
  return null;
}

/** The repository root: the folder above `packages/` in the linted file's path. */
function rootOf(file) {
  const at = file.lastIndexOf(`${sep}packages${sep}`);
  return at < 0 ? null : file.slice(0, at);
}

function resolveSpecifier(file, specifier) {
  if (specifier.startsWith('.')) return resolve(dirname(file), specifier);
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep web features apart and server modules behind their services' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const root = rootOf(file);
    if (!root) return {};
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const target = resolveSpecifier(file, source.value);
      if (!target) return;
      const message = boundaryViolation(root, file, target);
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { rules: { boundaries: rule } };
