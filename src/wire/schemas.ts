// Transitional: the wire schemas live in ./shared-schemas.ts, ./rest-schemas.ts,
// ./reference-schemas.ts and ./stream-schemas.ts. Re-exported here only for the folders still
// importing this module; code imports the module it needs, so that a bundle holds only the
// schemas it uses.
export * from './shared-schemas.ts';
export * from './rest-schemas.ts';
export * from './reference-schemas.ts';
export * from './stream-schemas.ts';
