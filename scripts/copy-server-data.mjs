// `npm run build:server`'s last step. tsc compiles only the TypeScript, so the data files that the
// server reads at run time beside its modules (such as the common-password list, which
// common-password.ts opens with `new URL('./most-common-passwords.txt', import.meta.url)`) are copied
// here to the same place under dist/: every file of server/ and common/ that is not TypeScript, except
// the tests' own (server/test/).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const sourceFolders = ['server', 'common'];
const testsOnly = [path.join('server', 'test') + path.sep];

const dataFiles = sourceFolders
  .flatMap((folder) => fs.readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile() && !/\.tsx?$/.test(entry.name))
  .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
  .filter((file) => !testsOnly.some((folder) => file.startsWith(folder)));

for (const file of dataFiles) {
  const target = path.join(root, 'dist', file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(path.join(root, file), target);
}
console.log(`Copied ${dataFiles.length} data file(s) to dist/: ${dataFiles.join(', ')}`);
