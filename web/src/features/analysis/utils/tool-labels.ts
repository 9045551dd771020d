/** Friendly labels for the analyst's tool calls, shown as compact steps in the transcript. */
import { filtersInWords, querySpecInWords } from './query-spec-words';

const LABELS: Record<string, string> = {
  get_overview: 'Reviewing the overview',
  get_segments: 'Segmenting customers',
  get_concentration: 'Measuring revenue concentration',
  get_churn_risk: 'Checking churn risk',
  get_products: 'Analysing products',
  get_suppliers: 'Checking supplier dependency',
  get_cross_sell: 'Finding cross-sell opportunities',
  get_trend: 'Reviewing the monthly trend',
  get_retention: 'Measuring cohort retention',
  get_revenue_bridge: 'Splitting the revenue change',
  find_customer: 'Looking up a customer',
  find_product: 'Looking up a product',
  rank_customers: 'Ranking customers',
  rank_products: 'Ranking products',
  make_chart: 'Drawing a chart',
  query_data: 'Querying the rows',
  TodoWrite: 'Updating the plan',
  Read: 'Reading a file',
  Write: 'Writing a file',
  Bash: 'Running a command',
  Glob: 'Finding files',
  Grep: 'Searching files',
};

function field(input: unknown, key: string): unknown {
  return input && typeof input === 'object' ? (input as Record<string, unknown>)[key] : undefined;
}

function stringField(input: unknown, key: string): string | null {
  const value = field(input, key);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function baseName(path: string): string {
  return path.split('/').pop() ?? path;
}

/** The label for a tool call; inputs add detail where the spec's tools carry it. */
export function toolLabel(name: string, input: unknown): string {
  switch (name) {
    case 'Read': {
      const path = stringField(input, 'file_path');
      return path ? `Reading ${baseName(path)}` : LABELS.Read;
    }
    case 'Write': {
      const path = stringField(input, 'file_path');
      return path ? `Writing ${baseName(path)}` : LABELS.Write;
    }
    case 'Bash':
      return stringField(input, 'description') ?? LABELS.Bash;
    case 'Glob': {
      const pattern = stringField(input, 'pattern');
      return pattern ? `Finding files matching ${pattern}` : LABELS.Glob;
    }
    case 'Grep': {
      const pattern = stringField(input, 'pattern');
      return pattern ? `Searching for “${pattern}”` : LABELS.Grep;
    }
    case 'make_chart': {
      const title = stringField(input, 'title');
      return title ? `Drawing a chart: ${title}` : LABELS.make_chart;
    }
    case 'query_data': {
      const words = querySpecInWords(input);
      return words ? `${LABELS.query_data}: ${words}` : LABELS.query_data;
    }
    // "Checking churn risk: customers with rows where State = Texas" (the lists narrowed by their rows).
    case 'get_churn_risk':
    case 'get_segments': {
      const where = filtersInWords(field(input, 'where'));
      return where.length ? `${LABELS[name]}: customers with rows where ${where.join(', ')}` : LABELS[name];
    }
    case 'find_customer':
    case 'find_product': {
      const query = stringField(input, 'query') ?? stringField(input, 'name') ?? stringField(input, 'id');
      return query ? `${LABELS[name]}: ${query}` : LABELS[name];
    }
    default:
      return LABELS[name] ?? humanize(name);
  }
}

/** `get_order_lines` → `Get order lines`. */
function humanize(name: string): string {
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : 'Working';
}
