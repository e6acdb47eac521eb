import { initGraphQLTada } from 'gql.tada';
import type { introspection } from './graphql-env.d.ts';

/** Documents typed from Quarry's committed SDL (apps/web/graphql/schema.graphql, via `gql.tada generate output`). */
export const graphql = initGraphQLTada<{
  introspection: introspection;
  scalars: { DateTime: string; SafeInt: number; File: Blob; ID: string };
}>();
