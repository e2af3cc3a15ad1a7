import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/production';
import { relativeLinks, section, tableRows } from './markdown';

/**
 * ARCHITECTURE.md is where a newcomer starts (decision 662): its glossary gives each concept one
 * word, the context that decides it and the stream its events go to; its list of bounded contexts
 * names every folder of domain/src; every file it links to exists, and a function it names "in"
 * a linked file is in that file. A context added, renamed or moved without the guide fails here.
 */
const guide = readFileSync(path.join(repoRoot, 'ARCHITECTURE.md'), 'utf8');
const domainSrc = path.join(repoRoot, 'domain/src');
/** Test helpers beside the contexts (clocks, ids, the memory event store), not a context. */
const notContexts = new Set(['testing']);
const contextFolders = readdirSync(domainSrc, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !notContexts.has(entry.name))
  .map((entry) => entry.name)
  .sort();

const codeSpans = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/** Every file of a folder, recursively, as text. */
function textsUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return textsUnder(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [readFileSync(full, 'utf8')] : [];
  });
}

/** The stream categories the domain writes: each context's `…_CATEGORY = 'name'`. */
function categoriesIn(folder: string): Set<string> {
  return new Set(textsUnder(folder).flatMap((text) => [...text.matchAll(/_CATEGORY = '([a-z]+)'/g)].map((m) => m[1]!)));
}

const glossary = tableRows(section(guide, 'Glossary: one word per concept')).map(([word, , contexts, streams]) => ({
  word: word!,
  // A context is written as a lower-case code span; `checkIn` and the like name a function of it.
  contexts: codeSpans(contexts!).filter((span) => /^[a-z-]+$/.test(span)),
  streams: codeSpans(streams!),
}));

describe('ARCHITECTURE.md', () => {
  it('names every domain context folder among its bounded contexts, and only folders that exist', () => {
    const named = new Set(codeSpans(section(guide, 'Bounded contexts')));
    expect(contextFolders.filter((folder) => !named.has(folder))).toEqual([]);
    expect(contextFolders.length).toBeGreaterThan(10);
  });

  it('has a glossary whose words are one each, and whose contexts are folders of domain/src', () => {
    const words = glossary.map(({ word }) => word);
    expect(words).toEqual(expect.arrayContaining(['store', 'seat', 'party', 'visit', 'check-in', 'bill', 'receipt', 'order']));
    expect(words.length).toBe(new Set(words).size);
    const contexts = glossary.flatMap(({ contexts }) => contexts);
    expect(contexts.length).toBeGreaterThan(words.length);
    expect(contexts.filter((context) => !contextFolders.includes(context))).toEqual([]);
  });

  it('gives each stream category the domain writes, each in a context of its row', () => {
    const written = categoriesIn(domainSrc);
    const categoryOf = (stream: string) => stream.slice(0, stream.indexOf('-'));
    const listed = glossary.flatMap(({ word, contexts, streams }) => streams.map((stream) => ({ word, category: categoryOf(stream), contexts })));
    expect([...written].filter((category) => !listed.some((row) => row.category === category))).toEqual([]);
    const misplaced = listed.filter(({ category, contexts }) => !contexts.some((context) => categoriesIn(path.join(domainSrc, context)).has(category)));
    expect(misplaced.map(({ word, category }) => `${word}: ${category}`)).toEqual([]);
  });

  it('links only to files that exist, and each function it names in a linked file is there', () => {
    expect(relativeLinks(guide).filter((target) => !existsSync(path.join(repoRoot, target)))).toEqual([]);
    const namedIn = [...guide.matchAll(/`([A-Za-z_$][\w$]*)`(?: \([^)]*\))? in\s+\[[^\]]*\]\(([^)#]+)\)/g)].map((m) => ({ name: m[1]!, file: m[2]! }));
    expect(namedIn.length).toBeGreaterThan(5);
    const absent = namedIn.filter(({ name, file }) => !readFileSync(path.join(repoRoot, file), 'utf8').includes(name));
    expect(absent.map(({ name, file }) => `${name} in ${file}`)).toEqual([]);
  });
});
