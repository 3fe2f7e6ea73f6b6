/*
 * common-passwords.json holds the 100,000 most common passwords of Mark Burnett's ten million
 * leaked passwords (xato.net), most common first, as SecLists publishes them
 * (Passwords/Common-Credentials/10-million-password-list-top-100000.txt), under this licence
 * (also in common-passwords.LICENSE.txt; why this list: docs/decisions/017):
 *
 * MIT License
 *
 * Copyright (c) 2025 Daniel Miessler
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE.
 */
// A JSON module, so the build copies it beside the code (server/dist) with nothing more to do.
import MOST_COMMON from './common-passwords.json';

/** Made on the first check, then kept: with the list, about 10 MB; one look-up per check. */
let common: ReadonlySet<string> | undefined;

/**
 * Whether `password` is among the 100,000 most common, as typed or in lower case ("Password"
 * is as guessable as "password"; the list holds the common capitalised ones too).
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(MOST_COMMON);
  return common.has(password) || common.has(password.toLowerCase());
}
