/**
 * A member's picture in a list of members. Without one, the default silhouette is drawn by the
 * stylesheet (one cached image), not an <img> per row: on a slow phone 200 <img> elements for the same
 * file cost the browser 200 fetches and replaced boxes before the table first paints (decision 026).
 */
export function Avatar({ path, size }: { path: string | null | undefined; size: 28 | 32 }) {
  if (path) return <img src={path} alt="" width={size} height={size} className="avatar" />;
  return <span className={size === 32 ? "avatar avatar-none avatar-32" : "avatar avatar-none"} />;
}
