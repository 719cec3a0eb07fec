import { ROUTES, type RouteDef } from './routes.ts';

/** Matches a request path against the route table's `{param}` templates. */
export type RouteMatch =
  | { kind: 'found'; route: RouteDef; pathParameters: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

interface Compiled {
  route: RouteDef;
  regex: RegExp;
  names: string[];
}

const compiled: Compiled[] = ROUTES.map((route) => {
  const names: string[] = [];
  const pattern = route.path
    .split('/')
    .map((seg) => {
      const m = /^\{(\w+)\}$/.exec(seg);
      if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(m[1]);
      return '([^/]+)';
    })
    .join('/');
  return { route, regex: new RegExp(`^${pattern}/?$`), names };
});

export function matchRoute(method: string, path: string): RouteMatch {
  const allow = new Set<string>();
  for (const c of compiled) {
    const m = c.regex.exec(path);
    if (!m) continue;
    if (c.route.method === method.toUpperCase()) {
      const pathParameters: Record<string, string> = {};
      c.names.forEach((n, i) => {
        pathParameters[n] = safeDecode(m[i + 1]);
      });
      return { kind: 'found', route: c.route, pathParameters };
    }
    allow.add(c.route.method);
  }
  return allow.size ? { kind: 'method-not-allowed', allow: [...allow].sort() } : { kind: 'not-found' };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
