/**
 * Fails when the code points at documentation that is not there: a `docs/….md` path (or `api/tools/…/README.md`)
 * that names no file, or a section it names ('…' or "…" right after the path, unquoted after a comma, or a
 * `#anchor`) that is no heading of that file; and any other `….md` a comment names that exists neither from the
 * repository's root nor beside the file (the design doc once moved from the root into docs/). Comments send a reader to the design doc, the security doc and the decision records for the why;
 * those documents are cut and regrouped, and a pointer into a section that moved is worse than none.
 *
 * Usage: node scripts/check-doc-references.mjs [--docs]   (--docs also checks the links inside docs/ and READMEs)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const alsoDocs = process.argv.includes('--docs');

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && existsSync(path.join(root, file)))
  .filter((file) => !/(^|\/)(node_modules|dist|build)\//.test(file) && file !== 'package-lock.json')
  .filter((file) => /\.(m?[jt]sx?|mts|cts|go|json|html|css|sh|ya?ml|md)$|(^|\/)run$/.test(file))
  .filter((file) => alsoDocs || !file.endsWith('.md'));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
const anchorOf = (heading) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const headingsCache = new Map();
function headingsOf(docPath) {
  if (!headingsCache.has(docPath)) {
    const text = readFileSync(path.join(root, docPath), 'utf8');
    const headings = [...text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((match) => match[1].replace(/`/g, ''));
    headingsCache.set(docPath, headings);
  }
  return headingsCache.get(docPath);
}

/** A comment's lines joined into one, so that a quoted section name broken over two lines reads as one. */
const joinCommentLines = (text) => text.replace(/\s*\n\s*(?:\*(?!\/)|\/\/|#(?!#))?\s*/g, ' ');

// A path, an optional #anchor, then an optional section name: quoted ('…', where an apostrophe inside a word does not
// end it, or "…"), or unquoted after a comma up to the next bracket or punctuation.
const reference =
  /(?<![\w./-])((?:docs|api\/tools)\/[\w./-]*?README\.md|docs\/[\w./-]*?\.md)(?:#([\w-]+))?(?:\s*[,(:]?\s*(?:'((?:[^']|'(?=\p{L}))+?)'(?!\p{L})|"([^"]+?)"|‘([^’]+?)’|“([^”]+?)”)|,\s+(\p{Lu}[^)(;:.,'"]*))?/gu;

const misses = [];
let checked = 0;
for (const file of files) {
  const text = joinCommentLines(readFileSync(path.join(root, file), 'utf8'));
  for (const match of text.matchAll(reference)) {
    const [, docPath, anchor, ...names] = match;
    const unquoted = names[4];
    const quoted = names.slice(0, 4).find(Boolean);
    checked += 1;
    if (!existsSync(path.join(root, docPath))) {
      misses.push(`${file}: ${docPath} does not exist`);
      continue;
    }
    const headings = headingsOf(docPath);
    if (anchor && !headings.some((heading) => anchorOf(heading) === anchor)) {
      misses.push(`${file}: ${docPath} has no heading with the anchor #${anchor}`);
    }
    if (quoted && !headings.some((heading) => heading.toLowerCase() === quoted.replace(/`/g, '').toLowerCase())) {
      misses.push(`${file}: ${docPath} has no heading '${quoted}'`);
    }
    if (unquoted && !headings.some((heading) => heading.toLowerCase() === unquoted.trim().toLowerCase())) {
      misses.push(`${file}: ${docPath} has no heading '${unquoted.trim()}' (named without quotes)`);
    }
  }
}

// The decisions folder named with a topic instead of a record's file: a reader cannot tell which record is meant.
const vagueDecision = /(?<![\w./-])docs\/decisions\/?(?![\w.-])\s*[,:(]\s*([^)\n]{1,40})/g;
for (const file of files) {
  const text = joinCommentLines(readFileSync(path.join(root, file), 'utf8'));
  for (const [, topic] of text.matchAll(vagueDecision)) {
    checked += 1;
    misses.push(`${file}: docs/decisions names no record ('${topic.trim()}'): point at the record's file`);
  }
}

// Any other Markdown file named in the code: found from the root or beside the naming file. A name in quotes is a
// path segment handed to code (`path.join(root, 'docs', 'actions.md')`), not a pointer for a reader.
const otherMarkdown = /(?<![\w./'-])([\w./-]*\w\.md)\b(?!')/g;
for (const file of files) {
  if (file.endsWith('.md')) continue;
  const text = readFileSync(path.join(root, file), 'utf8');
  for (const [, name] of text.matchAll(otherMarkdown)) {
    if (/^(docs|api\/tools)\//.test(name)) continue;
    // The team's shared notes beside the repository (../shared/…) are not in a clone: the clean clone CI tests cannot see them.
    if (name.startsWith('../shared/')) continue;
    checked += 1;
    if (!existsSync(path.join(root, name)) && !existsSync(path.join(root, path.dirname(file), name))) {
      misses.push(`${file}: ${name} does not exist (from the root or beside the file)`);
    }
  }
}

if (misses.length > 0) {
  console.error(`${misses.length} reference(s) to documentation that is not there:`);
  for (const miss of misses) console.error(`  ${miss}`);
  process.exit(1);
}
console.log(`${checked} reference(s) to documentation in ${files.length} files: every file and quoted section exists.`);
