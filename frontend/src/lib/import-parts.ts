/**
 * Imports a module together with `parts`: modules of its own imports that are long to evaluate
 * (the state data, the catalog, the schemas). Every import starts at once, so no fetch waits for
 * another; the browser evaluates each import's modules in a task of its own, the parts first and
 * then what is left of the module, where the module alone would be one long task that a tap
 * waits behind. Resolves with the module once every part is in. A part keeps all its exports: one
 * that re-exports a library (zod) would fetch all of it (docs/decisions/0447).
 */
export function importWithParts<T>(load: () => Promise<T>, parts: readonly (() => Promise<unknown>)[]): Promise<T> {
  const evaluated = Promise.all(parts.map((part) => part()));
  return Promise.all([evaluated, load()]).then(([, loaded]) => loaded);
}
