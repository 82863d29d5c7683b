/** The messaging module's public face: the only file of modules/message other modules import. */
export { messageManifest } from './message.manifest.ts';
export { publish, MessageWorker } from './message.queue.ts';
export { messageWorkers } from './message.routes.ts';
export { messageType, seedMessageDefaults, type MessageBusinessType } from './message.seed.ts';
export { backlogEnabled, addBacklog } from './backlog/backlog.service.ts';
export { backlogUrl } from './backlog/backlog.routes.ts';
export { deliverStation, notifyVenueLive } from './station/station.service.ts';
