import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The server as `npm run build:server` lays it out (every module of server/ and common/ but the
 * tests', compiled to JavaScript beside its data files), for every test that starts the server in a
 * process of its own (no build is made for the API tests): `server/server.js` there runs as Node runs
 * the built server, whereas a loader of TypeScript such as jiti goes around Node's own module loading,
 * which OpenTelemetry's preload patches. Compiled file by file without type checks (the typecheck does
 * those), in seconds, under node_modules so that the modules' imports find the packages. Answers the
 * folder, which the caller removes.
 */
export function transpiledServer(): string {
  fs.mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true });
  const out = fs.mkdtempSync(path.join(root, 'node_modules/.cache/joinery-server-'));
  const files = ['server', 'common']
    .flatMap((folder) => fs.readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(path.join('server', 'test') + path.sep) && !/\.test\.tsx?$/.test(file));
  for (const file of files) {
    const source = path.join(root, file);
    const isTypeScript = /\.tsx?$/.test(file);
    const target = path.join(out, isTypeScript ? file.replace(/\.tsx?$/, '.js') : file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (!isTypeScript) {
      fs.copyFileSync(source, target);
      continue;
    }
    const compiled = ts.transpileModule(fs.readFileSync(source, 'utf8'), {
      fileName: file,
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2023, verbatimModuleSyntax: true, rewriteRelativeImportExtensions: true },
    });
    fs.writeFileSync(target, compiled.outputText);
  }
  return out;
}
