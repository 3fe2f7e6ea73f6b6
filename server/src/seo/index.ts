// What other modules may use of seo (the boundary lint holds them to this file).
export { crawlerRoutes } from './crawler-routes';
export { reading } from './crawler-routes';
export type { ReviewFacts } from './structured-data';
