// The report room (src/report) as the CLI and the API reach it: an experiment's report written
// from its results database, and its IOHprofiler export. Loaded without the compiler and the
// runtime that src/api.ts brings (`opt report` reads a database, it compiles nothing).

export {
  cellStats,
  writeIohReport,
  writeReport,
  type CellStats,
  type IohWritten,
  type ReportWritten,
} from '../report/report.js';
export { IOH_MARKER } from '../report/ioh.js';
