// The fixed-target analysis of an experiment's runs (src/analysis), for `opt report`: pure
// functions, loaded without the compiler and the runtime that src/api.ts brings.

export {
  COCO_TARGETS,
  REPORT_TARGETS,
  ert,
  firstHits,
  logGrid,
  runtimeEcdf,
  type Ert,
  type RunRecord,
  type TracePoint,
} from '../analysis/fixed-target.js';
