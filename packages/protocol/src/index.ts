export * from './game.ts';
export * from './ws.ts';
export * from './http.ts';
export * from './admin.ts';
export * from './account.ts';
export * from './health.ts';
