export * from './common.js';
export * from './scores.js';
export * from './insights.js';
