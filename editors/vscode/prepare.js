// Before packaging (`vscode:prepublish`, which `vsce package` runs): the files the extension
// ships from the repository, copied in (a .vsix holds only the extension's folder): the TextMate
// grammar that `npm run grammar` generates from the token table, and the licence.
const { copyFileSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
mkdirSync(join(__dirname, 'syntaxes'), { recursive: true });
copyFileSync(
  join(root, 'grammar', 'opt.tmLanguage.json'),
  join(__dirname, 'syntaxes', 'opt.tmLanguage.json'),
);
copyFileSync(join(root, 'LICENSE'), join(__dirname, 'LICENSE'));
