import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, isAppPath } from '../../shared/routes';
import { appRoutes } from './routes';

/** The full pattern of every page (a leaf of the tree): its path as written, an index route its parent's. */
function pagePatterns(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    if (route.path === '*') return [];
    const own = route.path ?? parent;
    return route.children ? pagePatterns(route.children, own) : [own];
  });
}

describe('the web router and the shared route list', () => {
  it('have the same pages: every route of the tree is in the list the server reads, and the other way round', () => {
    const inTree = pagePatterns(appRoutes);
    expect(new Set(inTree).size, 'no page twice').toBe(inTree.length);
    expect([...inTree].sort()).toEqual([...Object.values(APP_ROUTES)].sort());
  });

  it('writes every path in full, so it reads the same as the list', () => {
    const paths: string[] = [];
    const collect = (routes: RouteObject[]) =>
      routes.forEach((route) => {
        if (route.path && route.path !== '*') paths.push(route.path);
        collect(route.children ?? []);
      });
    collect(appRoutes);
    for (const path of paths) expect(isAppPath(path.replace(':id', 'x')), path).toBe(true);
  });
});
