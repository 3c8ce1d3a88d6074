export * from './languages';
export * from './load';
export * from './resources';
export * from './translate';
export * from './message-parts';
