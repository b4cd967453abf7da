/** How a script under bench/experiments is run (no other import: in-process experiments measure their own heap). */

/** Runs an experiment's main(): a failure is printed and the process exits with 1. */
export function runExperiment(main: () => Promise<void>): void {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
