'use client';

import { useSyncExternalStore } from 'react';

const noopSubscribe = () => () => {};

/**
 * False while server-rendering and hydrating (and forever without JavaScript), then true: what a
 * form shows only with JavaScript (a block hidden until its box is checked) stays visible without it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noopSubscribe, () => true, () => false);
}
