import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { loadOtherScreenTexts } from '../lib/i18n';

/** What a page module exports: its component, named `Component`. */
export interface PageModule {
  Component: ComponentType;
  /** Something the page needs before it is shown, such as texts of its own. */
  ready?: Promise<void>;
}

/**
 * A page whose code is a chunk of its own, fetched the first time its route is
 * visited, together with the texts the menu page does not need.
 */
export interface LazyPage {
  /** Set once the chunk has loaded. */
  Component: ComponentType | null;
  load: () => Promise<void>;
}

export function lazyPage(importModule: () => Promise<PageModule>): LazyPage {
  let loading: Promise<void> | null = null;
  const page: LazyPage = {
    Component: null,
    load: () => {
      // A failed fetch is not remembered, so the next visit tries again.
      loading ??= (async () => {
        const [module] = await Promise.all([importModule(), loadOtherScreenTexts()]);
        await module.ready;
        page.Component = module.Component;
      })().catch((error: unknown) => {
        loading = null;
        throw error;
      });
      return loading;
    },
  };
  return page;
}

export function isLazyPage(value: unknown): value is LazyPage {
  return typeof value === 'object' && value !== null && 'load' in value && 'Component' in value;
}

/** Renders a lazy page; the router only shows its route once the page has loaded. */
function LoadedPage({ page }: { page: LazyPage }) {
  const { Component } = page;
  return Component ? <Component /> : null;
}

/** A route whose page is its own chunk; `handle` tells the router what to load first. */
export function lazyRoute(path: string, importModule: () => Promise<PageModule>): RouteObject {
  const page = lazyPage(importModule);
  return { path, handle: page, element: <LoadedPage page={page} /> };
}
