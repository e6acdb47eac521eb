/** The UI only renders pages; the API lives in the REST/tRPC/GraphQL handlers beside it. */
const config = {
  reactStrictMode: true,
  poweredByHeader: false,
};
export default config;
