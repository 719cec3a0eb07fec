/**
 * Runs a script's `main` when the file is the one node was started with (not when a test
 * imports it): a failure prints its message, without a stack, and exits 1.
 * `describe` may turn an error into a more helpful message.
 */
export function runIfMain(moduleUrl: string, main: () => void | Promise<void>, describe: (err: Error) => string = (err) => err.message): void {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  const fail = (err: unknown) => {
    console.error(describe(err as Error));
    process.exit(1);
  };
  try {
    const done = main();
    if (done) done.catch(fail);
  } catch (err) {
    fail(err);
  }
}
