import { Suspense } from 'react';

/**
 * Hydrates its children apart from the rest of the page, in slices that yield to the browser.
 * React skips a server-rendered Suspense boundary during the page's first hydration and
 * hydrates it afterwards at a lower priority, time-sliced, so the page's client islands (the
 * checkout form, the order's status poller) do not add up to one long task on a phone's main
 * thread (Lighthouse's Total Blocking Time, BENCHMARKS.md T5). Nothing inside may suspend on
 * the server (its content must be in the HTML, or it would stream in later).
 */
export function HydrateApart({ children }: { children: React.ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
