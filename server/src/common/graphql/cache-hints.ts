import { Directive } from '@nestjs/graphql';
import {
  DirectiveLocation,
  GraphQLBoolean,
  GraphQLDirective,
  GraphQLEnumType,
  GraphQLInt,
} from 'graphql';

/*
 * Cache hints, Apollo's directive, read by Apollo's rules from each document (isPublicQuery in
 * graphql/public-queries.ts). They decide which answers CachedResponses may keep and which
 * queries run in front of Apollo (graphql/cached-responses.ts); kept apart so that types can
 * carry them without importing the GraphQL plumbing.
 */

/** Apollo's cache-hint directive, declared so code-first types can carry it. */
export const cacheControlDirective = new GraphQLDirective({
  name: 'cacheControl',
  locations: [
    DirectiveLocation.FIELD_DEFINITION,
    DirectiveLocation.OBJECT,
    DirectiveLocation.INTERFACE,
    DirectiveLocation.UNION,
  ],
  args: {
    maxAge: { type: GraphQLInt },
    scope: {
      type: new GraphQLEnumType({
        name: 'CacheControlScope',
        values: { PUBLIC: {}, PRIVATE: {} },
      }),
    },
    inheritMaxAge: { type: GraphQLBoolean },
  },
});

/** On a catalogue type: every viewer gets the same answer (its age is not used: see graphql/cached-responses.ts). */
export const SameForEveryViewer = () => Directive('@cacheControl(maxAge: 60, scope: PUBLIC)');

/**
 * On a type whose answer changes with the day or the shop's settings (a delivery check, a
 * cart's quote): never kept, whatever else the operation asks for.
 */
export const NeverKept = () => Directive('@cacheControl(maxAge: 0, scope: PRIVATE)');
