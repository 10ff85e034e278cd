// Bulk work that arrives as files. Upload Enrollments: an .xlsx or .csv of employees and their
// dependents, checked with the wizard's rules into a preview, then committed in batches as requests.
export {
  changeImportMapping,
  fixImportRow,
  importList,
  importRowsPage,
  importView,
  uploadImport,
  type ImportCaller,
} from './enrollment-import';
export { cancelImport, commitImport, withdrawImport } from './import-commit';
export { uploadRoster } from './roster-import';
export { keepUploadWorkerReady } from './upload-thread';
export { importErrorReport, importTemplate } from './import-files';
export { createGroup, type GroupSetupCaller, type GroupSetupDeps } from './group-setup';
export { groupSetupTemplate, readGroupWorkbook } from './group-workbook';
