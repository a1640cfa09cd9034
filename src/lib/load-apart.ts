// A component whose code is not the page's and loads apart (a dynamic import): `preload` starts
// it early, and once it has loaded the component renders at once, without a Suspense fallback in
// between; before that it renders as React.lazy does, when its code has come.
import { createElement, lazy, type ComponentType } from 'react';

/** Call at a module's top level, once per component. */
export function loadApart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => (loading ??= load().then((component) => ({ default: (loaded = component) })));
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per component, at a module's top level, never in a render.
  const Component = (props: P) => createElement(loaded ?? Lazy, props);
  return { Component, preload };
}
