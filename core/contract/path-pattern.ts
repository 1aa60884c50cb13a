/**
 * A route's path as both sides write it ("/Group/:id/LiveVersion", "grupo/:groupId/directo") made into
 * a matcher of a request's pathname: each `:name` segment is one non-empty segment, captured under its
 * name as sent (not decoded); every other segment matches as written, in any casing (the contract's paths
 * and Remix's routes both match case-insensitively).
 */
export function pathPattern(path: string): (pathname: string) => Record<string, string> | null {
  const names: string[] = [];
  const source = path
    .replace(/^\/?/, "/")
    .split("/")
    .map((segment) => (segment.startsWith(":") ? (names.push(segment.slice(1)), "([^/]+)") : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  const pattern = new RegExp(`^${source}$`, "i");
  return (pathname) => {
    const found = pattern.exec(pathname);
    return found ? Object.fromEntries(names.map((name, i) => [name, found[i + 1]!])) : null;
  };
}
