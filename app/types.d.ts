declare module "*.css" {
  const href: string;
  export default href;
}

// React's web-streams renderer (the same API as in "react-dom/server", which on Node resolves to the
// pipeable one): see app/server/shelf/render-document.server.ts for why the document uses it.
declare module "react-dom/server.browser" {
  export { renderToReadableStream } from "react-dom/server";
}
