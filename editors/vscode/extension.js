// The opt extension: starts the language server (`opt lsp --stdio`, src/lsp in the compiler) for
// .opt files, and provides tasks of type `opt` (check, compile, run, experiment) whose output
// the `$opt` problem matcher reads. Plain CommonJS: the extension needs no build step.
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

/** @type {LanguageClient | undefined} */
let client;

/** The configured opt command: the program and the arguments before the subcommand. */
function optCommand() {
  const c = vscode.workspace.getConfiguration('opt').get('command');
  return Array.isArray(c) && c.length > 0 ? c.map(String) : ['npx', 'opt'];
}

function dimension() {
  const d = vscode.workspace.getConfiguration('opt').get('dimension');
  return Number.isInteger(d) && d > 0 ? d : undefined;
}

/** What each task runs for a file (further arguments come from the task's `args`). */
const TASKS = {
  check: (file) => ['check', file],
  compile: (file) => ['compile', file, '--dim', '100', '--emit', 'wgsl'],
  run: (file) => ['run', file],
  experiment: (file) => ['experiment', file, '--out', file.replace(/\.opt$/, '') + '-results'],
};

/** A task of type opt for a definition: `opt COMMAND FILE ARGS...` in a shell of its own. */
function taskFor(definition, scope) {
  const file = definition.file || '${file}';
  const make = TASKS[definition.command];
  if (!make) return undefined;
  const [program, ...before] = optCommand();
  const args = [...before, ...make(file), ...(definition.args || [])];
  const task = new vscode.Task(
    definition,
    scope || vscode.TaskScope.Workspace,
    `${definition.command} ${definition.file ? definition.file : 'current file'}`,
    'opt',
    new vscode.ShellExecution(program, args),
    ['$opt'],
  );
  if (definition.command === 'check') task.group = vscode.TaskGroup.Build;
  return task;
}

async function activate(context) {
  const [program, ...before] = optCommand();
  client = new LanguageClient(
    'opt',
    'opt language server',
    {
      command: program,
      args: [...before, 'lsp'],
      // stdio: the client adds --stdio.
      transport: TransportKind.stdio,
      options: { shell: process.platform === 'win32' },
    },
    {
      documentSelector: [{ scheme: 'file', language: 'opt' }],
      initializationOptions: { dimension: dimension() },
      // The server reads the workspace's .opt files for definitions and references; it hears
      // of their changes on disk through these events.
      synchronize: {
        configurationSection: 'opt',
        fileEvents: vscode.workspace.createFileSystemWatcher('**/*.opt'),
      },
    },
  );
  context.subscriptions.push(
    vscode.tasks.registerTaskProvider('opt', {
      provideTasks: () =>
        ['check', 'compile', 'experiment'].map((command) => taskFor({ type: 'opt', command })),
      resolveTask: (task) => taskFor(task.definition, task.scope),
    }),
  );
  await client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
