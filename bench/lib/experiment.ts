/** How a script under bench/tools is run (no other import, so a tool loads only what it uses). */

/** Runs an experiment's main(): a failure is printed and the process exits with 1. */
export function runExperiment(main: () => Promise<void>): void {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
