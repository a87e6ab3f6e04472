// Generates grammar/opt.tmLanguage.json (the TextMate grammar VS Code uses for highlighting) from
// the token table, and grammar/diagrams.html (railroad diagrams of the parser's rules) from the
// parser itself, so neither is written twice. `npm run grammar` writes them; a test checks that the
// committed files are current.

import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createSyntaxDiagramsCode } from 'chevrotain';
import { KEYWORDS, NumberLit, StringLit } from '../parser/tokens.js';
import { REDUCE_OPS } from '../parser/ast.js';
import { BUILTINS, BINARY_BUILTINS, namedFunctions } from '../ir/builtins.js';
import { serializedGrammar } from '../parser/parser.js';

const source = (re: RegExp) => re.source;

export function textMateGrammar(): object {
  const words = (xs: string[]) => `\\b(?:${xs.join('|')})\\b`;
  const kw = KEYWORDS.map((t) => source(t.PATTERN as RegExp));
  const declarations = ['problem', 'data'];
  return {
    $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
    name: 'opt',
    scopeName: 'source.opt',
    fileTypes: ['opt'],
    patterns: [
      { name: 'comment.line.double-slash.opt', match: '//.*$' },
      { name: 'comment.block.opt', begin: '/\\*', end: '\\*/' },
      { name: 'string.quoted.double.opt', match: source(StringLit.PATTERN as RegExp) },
      {
        match: `\\b(problem|data)\\s+([A-Za-z_][A-Za-z0-9_]*)`,
        captures: { '1': { name: 'storage.type.opt' }, '2': { name: 'entity.name.function.opt' } },
      },
      { name: 'keyword.control.opt', match: words(kw.filter((k) => !declarations.includes(k))) },
      { name: 'support.function.reduction.opt', match: `${words([...REDUCE_OPS])}(?=\\s*\\()` },
      {
        name: 'support.function.builtin.opt',
        match: `${words([...Object.keys(BUILTINS), ...Object.keys(BINARY_BUILTINS), ...namedFunctions('order')])}(?=\\s*\\()`,
      },
      {
        name: 'support.function.generator.opt',
        match: `${words(namedFunctions('generator'))}(?=\\s*\\()`,
      },
      { name: 'constant.language.opt', match: words(['pi', 'e', 'D']) },
      { name: 'constant.numeric.opt', match: source(NumberLit.PATTERN as RegExp) },
      { name: 'keyword.operator.opt', match: '\\.\\.|<=|>=|==|!=|[-+*/%^<>=]' },
      { name: 'entity.name.function.call.opt', match: '\\b[A-Za-z_][A-Za-z0-9_]*(?=\\s*\\()' },
    ],
  };
}

export function diagramsHtml(): string {
  return createSyntaxDiagramsCode(serializedGrammar());
}

export function writeGrammarFiles(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'opt.tmLanguage.json'),
    JSON.stringify(textMateGrammar(), null, 2) + '\n',
  );
  writeFileSync(join(dir, 'diagrams.html'), diagramsHtml());
}

if (process.argv[1]?.endsWith('grammar.js') || process.argv[1]?.endsWith('grammar.ts'))
  writeGrammarFiles(process.argv[2] ?? 'grammar');
