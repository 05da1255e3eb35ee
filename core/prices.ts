// The spec's prices in one module, for the tools that charge and the agents that report credits.
/** The spec's prices for platform work (interface-spec.md, Limits: Prices), USD per unit. */
export const PRICES_USD = {
  search_query: 0.005,
  drawing_page: 0.02,
  graph_ingestion_page: 0.15,
} as const;
export type PricedWork = keyof typeof PRICES_USD;
