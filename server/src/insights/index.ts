// What other modules may use of insights (the boundary lint holds them to this file).
export { InsightsModule } from './insights.module';
