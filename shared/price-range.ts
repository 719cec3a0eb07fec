// Price figures over a list of state prices, kept apart from shared/states.ts so the browser can
// use them on live /api/states data without bundling the whole state dataset.

/** The lowest total (filing + service) of any state: the honest "from $N" price. */
export function lowestTotal(states: readonly { totalCost: number }[]): number {
  return Math.min(...states.map((s) => s.totalCost));
}

/** The highest total of any state. */
export function highestTotal(states: readonly { totalCost: number }[]): number {
  return Math.max(...states.map((s) => s.totalCost));
}
