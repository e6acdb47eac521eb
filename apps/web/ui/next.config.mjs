/** The UI only renders pages; the API lives in the REST/tRPC/GraphQL handlers beside it. */
const config = {
  reactStrictMode: true,
  poweredByHeader: false,
  // `npm test` typechecks the UI (apps/web's typecheck script, against the packages' sources);
  // checking again inside every `next build` cost `npm start`'s first build about a minute.
  typescript: { ignoreBuildErrors: true },
};
export default config;
