/** Kaopei contracts: zod schemas, enums, validators and messages shared by server and web. */
export * from './errors';
export * from './common';
export * from './enums';
export * from './permissions';
export * from './sys-user';
export * from './sys-menu';
export * from './repo';
export * from './qu';
export * from './exam';
export * from './paper';
export * from './stat';
export * from './sys-config';
