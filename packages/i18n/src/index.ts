export * from './languages';
export * from './resources';
export * from './translate';
