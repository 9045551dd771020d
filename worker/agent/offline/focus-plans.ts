/**
 * How each focus area shapes the offline analysis: which sections run, in which order
 * (the order is also the summary's emphasis), and which charts are drawn.
 */
import type { FocusAreaId } from '../focus-areas';
import type { ChartSeries } from '../tools/chart-tool';
import type { SectionKey } from './sections';

export interface FocusPlan {
  /** Sections in order of emphasis; `overview` always opens. `reps` runs only for files with a sales rep. */
  sections: SectionKey[];
  charts: ChartSeries[];
  /** The sentence that frames the executive summary. */
  lens: string;
}

export const FOCUS_PLANS: Record<FocusAreaId, FocusPlan> = {
  customer_segmentation: {
    sections: ['overview', 'segments', 'concentration', 'churn', 'retention', 'crossSell'],
    charts: ['segment_revenue', 'top_customers'],
    lens: 'This analysis focuses on who your most valuable customers are and how to keep and grow them.',
  },
  revenue_growth: {
    sections: ['overview', 'trend', 'bridge', 'products', 'segments', 'retention', 'crossSell', 'reps'],
    charts: ['monthly_revenue', 'top_products'],
    lens: 'This analysis focuses on where revenue and margin come from and where growth can come next.',
  },
  operational_efficiency: {
    sections: ['overview', 'products', 'suppliers', 'trend'],
    charts: ['product_margins', 'supplier_share'],
    lens: 'This analysis focuses on margins, loss-making lines and dependence on suppliers.',
  },
  market_analysis: {
    sections: ['overview', 'trend', 'products', 'crossSell', 'segments'],
    charts: ['monthly_revenue', 'category_revenue'],
    lens: 'This analysis focuses on trends, categories and products that sell together.',
  },
  risk_assessment: {
    sections: ['overview', 'concentration', 'churn', 'retention', 'suppliers', 'products', 'reps'],
    charts: ['top_customers', 'supplier_share'],
    lens: 'This analysis focuses on the risks to revenue: concentration, churn, supplier dependency and loss-making products.',
  },
  comprehensive: {
    sections: [
      'overview',
      'segments',
      'concentration',
      'churn',
      'products',
      'suppliers',
      'crossSell',
      'trend',
      'retention',
      'bridge',
      'reps',
    ],
    charts: ['monthly_revenue', 'top_customers'],
    lens: 'This analysis answers all six questions: valuable customers, concentration, churn, products, suppliers and cross-sell.',
  },
};
