// Single Fetch (remix.config.js `future.v3_singleFetch`, decision 021): loaders and actions return
// plain objects or `data()`, and `useLoaderData<typeof loader>` / `useActionData` / `SerializeFrom`
// infer what turbo-stream sends (Dates stay Dates, `undefined` stays) instead of JSON's shape.
import "@remix-run/node";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
