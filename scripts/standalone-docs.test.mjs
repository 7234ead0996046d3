import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The repository stands alone: a clone must be able to follow every reference in its code and
 * docs. Documents that only the team's machines have (the old product, design and conventions
 * notes, anything under a sibling `shared` folder) may not be named; cite docs/ or CONTRIBUTING.md.
 * The patterns are written so that this file does not name them itself.
 */
const OUTSIDE_DOCUMENT = /\b(?:SPEC|DESIGN|CONVENTIONS)\.md\b|\.\.\/shared\b/;

/** Cited as `docs/product.md#5-forms` in code or `](../product.md#5-forms)` in Markdown. */
const DOC_ANCHOR = /\b(product|architecture|money)\.md#([\w-]+)/g;

const root = path.resolve(import.meta.dirname, '..');

function trackedTextFiles() {
  const names = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter(Boolean);
  const files = [];
  for (const name of names) {
    let text;
    try {
      text = readFileSync(path.join(root, name), 'utf8');
    } catch {
      continue; // deleted in the work tree, or a folder (submodule)
    }
    if (!text.includes('\0')) files.push({ name, text });
  }
  return files;
}

/** Where each occurrence of `pattern` is, as `file:line: text`. */
function occurrences(files, pattern) {
  const found = [];
  for (const { name, text } of files) {
    text.split('\n').forEach((line, index) => {
      if (pattern.test(line)) found.push(`${name}:${index + 1}: ${line.trim().slice(0, 160)}`);
    });
  }
  return found;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function headingAnchor(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(doc) {
  const text = readFileSync(path.join(root, 'docs', doc), 'utf8');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => headingAnchor(match[1])));
}

const files = trackedTextFiles();

describe('the repository stands alone', () => {
  it('recognises a reference to a document outside the repository', () => {
    const spec = ['SPEC', 'md'].join('.');
    const shared = ['..', 'shared', 'DESIGN'].join('/');
    expect(OUTSIDE_DOCUMENT.test(`/** ${spec} section 5 "Donation form" */`)).toBe(true);
    expect(OUTSIDE_DOCUMENT.test(`see ${shared}`)).toBe(true);
    expect(OUTSIDE_DOCUMENT.test('/** docs/product.md#donation-form */')).toBe(false);
    expect(OUTSIDE_DOCUMENT.test('MY_SPEC.mdx')).toBe(false);
  });

  it('names no document that only the team has, in any tracked file', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(occurrences(files, OUTSIDE_DOCUMENT), 'cite docs/ (product.md, architecture.md, money.md) or CONTRIBUTING.md instead').toEqual([]);
  });

  it('cites only sections that exist in docs/product.md, architecture.md and money.md', () => {
    const anchors = { 'product.md': anchorsOf('product.md'), 'architecture.md': anchorsOf('architecture.md'), 'money.md': anchorsOf('money.md') };
    expect(anchors['product.md'].has('5-forms')).toBe(true);
    const broken = [];
    for (const { name, text } of files) {
      for (const [reference, doc, anchor] of text.matchAll(DOC_ANCHOR)) {
        if (!anchors[`${doc}.md`].has(anchor)) broken.push(`${name}: ${reference}`);
      }
    }
    expect(broken, 'a heading was renamed, or the reference has a typo').toEqual([]);
  });
});
