import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { expect, test } from 'vitest';
import { graphqlHandler, type ServiceDeps } from '@quarry/api';

// Serving the GraphiQL page touches no service, so no dependencies are wired here.
const deps = {} as ServiceDeps;
const page = (handler: (req: Request) => Response | Promise<Response>) =>
  handler(new Request('http://quarry.test/graphql', { headers: { accept: 'text/html' } }));

test('GraphiQL is served in development with its assets from this server, not a CDN', async () => {
  const res = await page(graphqlHandler(deps, { renderGraphiQL: () => renderGraphiQL({ endpoint: '/graphql' }) }));
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain('GraphiQL');
  expect(html).not.toMatch(/https?:\/\/(unpkg\.com|cdn\.jsdelivr\.net)/);
});

test('without it (production), GET /graphql serves no GraphiQL page', async () => {
  const res = await page(graphqlHandler(deps));
  expect(await res.text()).not.toContain('GraphiQL');
});
