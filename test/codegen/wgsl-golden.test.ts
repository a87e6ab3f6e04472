// The generated WGSL is kept byte for byte: every kernel of the corpus (wgsl-corpus.ts) against its
// text in golden/, captured from the string-built code generator before the WGSL syntax tree
// replaced it. OPT_UPDATE_GOLDEN=1 rewrites the files (only for a change meant to alter the code).

import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpus } from './wgsl-corpus.js';

const DIR = join(import.meta.dirname, 'golden');

describe('generated WGSL', () => {
  it('is identical to the golden texts', () => {
    const update = process.env.OPT_UPDATE_GOLDEN === '1';
    if (update) mkdirSync(DIR, { recursive: true });
    const made = new Set<string>();
    const differ: string[] = [];
    for (const [file, text] of corpus()) {
      made.add(file);
      const path = join(DIR, file);
      if (update) writeFileSync(path, text);
      else if (!existsSync(path) || readFileSync(path, 'utf8') !== text) differ.push(file);
    }
    expect(differ).toEqual([]);
    // Every golden file is still made (a case dropped from the corpus shows here).
    expect(readdirSync(DIR).filter((f) => !made.has(f))).toEqual([]);
    expect(made.size).toBeGreaterThan(100);
  });
});
