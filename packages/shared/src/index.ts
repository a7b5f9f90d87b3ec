export * from './medical/id-card';
export * from './medical/indicators';
export * from './permissions';
export * from './resources';
export * from './routes';
export * from './schemas/auth';
export * from './units/demo-units';
