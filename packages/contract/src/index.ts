export * from './codes.ts';
export * from './fields.ts';
export * from './envelope.ts';
export * from './permissions.ts';
export * from './auth.ts';
export * from './password.ts';
export * from './idcard.ts';
export * from './system.ts';
