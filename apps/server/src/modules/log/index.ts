/** The log module's public face: the only file of modules/log other modules import. */
export { logManifest } from './log.manifest.ts';
export { loginLogs } from './log.table.ts';
export { insertLoginLog } from './log.repository.ts';
export { purgeLogs } from './log.service.ts';
export { operationLogWriter } from './operlog.writer.ts';
