/**
 * Stand-in for postcss in the Lambda bundles. sanitize-html only uses postcss to parse `style`
 * attributes, and our HTML policy (shared/content/html-policy.ts) allows none, so the parser is
 * unreachable; bundling it would add about 60 KB to every content function. If a policy ever
 * allowed `style`, sanitize-html catches this error and drops the attribute (fails safe).
 */
export function parse(): never {
  throw new Error('Style attributes are not allowed by the HTML policy');
}
