import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BASE_ERROR_CODES } from 'better-auth';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { apiErrors, authErrors } from '../common/error-codes.ts';

/**
 * The registry of error codes (common/error-codes.ts) is whole: every code the server raises or the
 * web app matches is declared there, and every declared code is raised or matched somewhere. The
 * types refuse an undeclared code already; this reads the source, so that a code spelt outside the
 * typed helpers, or one left declared after its last use, is caught too.
 */

const root = path.resolve(import.meta.dirname, '..');

/** The source files of one part of the project, without its tests and test helpers. */
function sourcesOf(part: 'server' | 'web'): ts.SourceFile[] {
  return readdirSync(path.join(root, part), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.split(path.sep).includes('test'))
    .map((file) => {
      const full = path.join(root, part, file);
      return ts.createSourceFile(full, readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    });
}

/** Looks like an error code: SHOUTING_SNAKE (or one shouted word), or Stripe's lower_snake. */
const codeLike = (text: string) => (text.length >= 4 && /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/.test(text)) || /^[a-z]+(_[a-z]+)+$/.test(text);

/** Which argument of which call is a code: `new AppError(status, code)`, `conflict(message, code)`, … */
const codeArgument: Record<string, number> = { AppError: 1, conflict: 1, CardError: 1, refusal: 0, failedWith: 1 };

const bare = (node: ts.Node): ts.Node => (ts.isSatisfiesExpression(node) || ts.isAsExpression(node) || ts.isParenthesizedExpression(node) ? bare(node.expression) : node);
const literal = (node: ts.Node | undefined) => {
  const inner = node && bare(node);
  return inner && ts.isStringLiteralLike(inner) && codeLike(inner.text) ? inner.text : undefined;
};
const calleeName = (node: ts.CallExpression | ts.NewExpression) => {
  const callee = node.expression;
  return ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
};
const isCodeRead = (node: ts.Node) => {
  const inner = bare(node);
  return ts.isPropertyAccessExpression(inner) && inner.name.text === 'code';
};

interface Found {
  code: string;
  where: string;
}

/**
 * The codes a file raises or matches: the code argument of the error helpers, a `code:` property
 * given a code (the bodies sent by hand), and (in the web app) a comparison with something's `.code`.
 */
function codesIn(file: ts.SourceFile, { comparisons }: { comparisons: boolean }): Found[] {
  const found: Found[] = [];
  const add = (node: ts.Node, code: string | undefined) => {
    if (code) found.push({ code, where: `${path.relative(root, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}` });
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const index = codeArgument[calleeName(node) ?? ''];
      if (index !== undefined) add(node, literal(node.arguments?.[index]));
    }
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'code') add(node, literal(node.initializer));
    if (comparisons && ts.isBinaryExpression(node) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(node.operatorToken.kind)) {
      if (isCodeRead(node.left)) add(node, literal(node.right));
      if (isCodeRead(node.right)) add(node, literal(node.left));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every string literal of the files, wherever it stands. */
function literalsIn(files: ts.SourceFile[]): Set<string> {
  const texts = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node)) texts.add(node.text);
    ts.forEachChild(node, visit);
  };
  for (const file of files) visit(file);
  return texts;
}

const server = sourcesOf('server');
const web = sourcesOf('web');
const declared = (registry: object, code: string) => Object.hasOwn(registry, code);

describe('the registry of error codes', () => {
  it('declares each code once, with an error status and a sentence for a message', () => {
    const shopCodes = Object.keys(apiErrors);
    const authCodes = Object.keys(authErrors);
    expect(shopCodes.filter((code) => authCodes.includes(code))).toEqual([]);
    for (const [code, { status, message }] of Object.entries({ ...apiErrors, ...authErrors })) {
      expect(codeLike(code), code).toBe(true);
      expect(status >= 400 && status <= 599, `${code}: ${status}`).toBe(true);
      expect(message.trim(), code).not.toBe('');
    }
    for (const [code, { message }] of Object.entries(apiErrors)) expect(message, code).toMatch(/^[A-Z].*[.]$/);
  });

  it("declares better-auth's codes as better-auth has them", () => {
    for (const [code, { message }] of Object.entries(authErrors)) {
      expect(Object.hasOwn(BASE_ERROR_CODES, code), code).toBe(true);
      expect(BASE_ERROR_CODES[code as keyof typeof BASE_ERROR_CODES].message, code).toBe(message);
    }
  });

  it('finds the codes the server raises (the scan itself works)', () => {
    const raised = new Set(server.flatMap((file) => codesIn(file, { comparisons: false })).map(({ code }) => code));
    for (const code of ['ORDER_PAID', 'FORBIDDEN', 'card_declined', 'SMS_NOT_SENT', 'RATE_LIMITED']) expect(raised, code).toContain(code);
  });

  it('holds every code the server raises', () => {
    const undeclared = server.flatMap((file) => codesIn(file, { comparisons: false })).filter(({ code }) => !declared(apiErrors, code));
    expect(undeclared).toEqual([]);
  });

  it('holds every code the web app matches', () => {
    const undeclared = web.flatMap((file) => codesIn(file, { comparisons: true })).filter(({ code }) => !declared(apiErrors, code) && !declared(authErrors, code));
    expect(undeclared).toEqual([]);
  });

  it("declares only codes the server uses, and only better-auth's codes that the web app matches", () => {
    const inServer = literalsIn(server);
    expect(Object.keys(apiErrors).filter((code) => !inServer.has(code))).toEqual([]);
    const matched = new Set(web.flatMap((file) => codesIn(file, { comparisons: true })).map(({ code }) => code));
    expect(Object.keys(authErrors).filter((code) => !matched.has(code))).toEqual([]);
  });
});
