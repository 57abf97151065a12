import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const scanned = /^(src|server)\/|^vite\.config\.ts$/;

function shopProgram(): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error('tsconfig.json could not be read');
  const rootNames = config.fileNames.filter((file) => scanned.test(path.relative(root, file)));
  return ts.createProgram({ rootNames, options: config.options });
}

function shopFiles(program: ts.Program): ts.SourceFile[] {
  return program.getSourceFiles().filter((file) => scanned.test(path.relative(root, file.fileName)));
}

function where(node: ts.Node): string {
  const file = node.getSourceFile();
  const { line } = file.getLineAndCharacterOfPosition(node.getStart());
  return `${path.relative(root, file.fileName)}:${line + 1} ${node.getText()}`;
}

/** The name a node reads a member by: `a._b`, `a['_b']`, `const { _b } = a`. */
function memberName(node: ts.Node): ts.Node | undefined {
  if (ts.isPropertyAccessExpression(node)) return node.name;
  if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression)) return node.argumentExpression;
  if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) return node.propertyName ?? node.name;
  return undefined;
}

/**
 * Every read, in the shop's code, of a member whose name starts with `_` and that Chakra's own
 * type declarations declare (`system._config`, `system._global`): Chakra's internals, which may
 * change in any release. Members of the shop's own types (a token's `_light` value) are not.
 */
function privateChakraReads(program: ts.Program): string[] {
  const checker = program.getTypeChecker();
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const name = memberName(node);
    const text = name && (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) ? name.text : ts.isStringLiteralLike(name) ? name.text : '');
    if (name && text?.startsWith('_')) {
      const declarations = checker.getSymbolAtLocation(name)?.declarations ?? [];
      if (declarations.some((declaration) => declaration.getSourceFile().fileName.includes('/node_modules/@chakra-ui/'))) found.push(where(node));
    }
    ts.forEachChild(node, visit);
  };
  for (const file of shopFiles(program)) visit(file);
  return found;
}

/** Every package the shop's code imports that package.json does not name. */
function undeclaredImports(program: ts.Program): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
  const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})]);
  const found: string[] = [];
  for (const file of shopFiles(program)) {
    const visit = (node: ts.Node): void => {
      const specifier =
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)
          ? node.moduleSpecifier.text
          : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])
            ? node.arguments[0].text
            : undefined;
      if (specifier && !specifier.startsWith('.') && !specifier.startsWith('node:') && !builtinModules.includes(specifier)) {
        const parts = specifier.split('/');
        const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
        if (!declared.has(name) && !declared.has(`@types/${name}`)) found.push(where(node));
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

describe('the shop uses Chakra through its public API', () => {
  const program = shopProgram();

  it('reads no member of Chakra whose name starts with an underscore', () => {
    expect(shopFiles(program).length).toBeGreaterThan(100);
    expect(privateChakraReads(program)).toEqual([]);
  });

  it('imports only packages that package.json declares', () => {
    expect(undeclaredImports(program)).toEqual([]);
  });
});
