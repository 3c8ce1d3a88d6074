export * from './errors';
export * from './money';
export * from './mobile';
export * from './fields';
export * from './issues';
export * from './user';
export * from './auth';
export * from './staff';
