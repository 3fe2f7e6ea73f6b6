import type { ApolloServerPlugin } from '@apollo/server';
import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import type { ShopRequest } from '../auth';
import { CachedResponses, EVERY_PRODUCT } from '../catalogue';
import { CostBudget } from './cost-budget';
import { costCharged } from './limits-plugin';

/*
 * GraphQL's share of CachedResponses: a storefront query asked again while the
 * catalogue is unchanged is answered without Apollo parsing, pricing and running it. At
 * 100,000 products the home page's query ran at a quarter of the rate of the category list,
 * most of it spent in Apollo and graphql-js; answered from here it costs what a REST read does.
 *
 * Which answers are the same for every viewer is told the way Apollo reads it, by cache
 * hints (`@cacheControl`) on the catalogue's types: an operation is stored only when every
 * field it asks for has a public hint (Apollo's cache-control plugin works that out), it is a
 * query and it had no errors. Orders, users and the viewer have no hint, so any operation
 * touching them is never stored. Hints do not make answers expire: a change of the catalogue
 * does (CachedResponses), and no Cache-Control header is sent, so no browser or proxy keeps
 * an answer either.
 */

/**
 * The fields that show a product's units in stock, by type: an answer asking for them is
 * kept only while the stock of the products it shows does not change (CachedResponses).
 * `updatedAt` moves with every stock write. `variants` stands for its variants' units: a
 * variant has no product id of its own to be named by.
 */
const SHOWING_STOCK: Record<string, ReadonlySet<string>> = {
  Product: new Set(['quantity', 'stockLevel', 'updatedAt', 'variants']),
};

/** The request as a key, or none when it is not a plain JSON operation. */
function answerKey(request: ShopRequest): string | undefined {
  const { query, operationName, variables, extensions } = (request.body ?? {}) as Record<
    string,
    unknown
  >;
  if (typeof query !== 'string' || extensions !== undefined) return undefined;
  // The Accept header chooses the answer's content type.
  return JSON.stringify([request.headers.accept ?? '', query, operationName, variables]);
}

/** Stores what Apollo answered, when it is a public catalogue answer. */
export function cachedResponsesPlugin(
  answers: CachedResponses,
): ApolloServerPlugin<{ req: ShopRequest }> {
  return {
    async requestDidStart() {
      // Taken before anything is read: an answer worked out across a change is not stored.
      const from = answers.state;
      const stockShown = new Set<string>();
      return {
        async executionDidStart() {
          return {
            willResolveField({ source, args, info }) {
              if (SHOWING_STOCK[info.parentType.name]?.has(info.fieldName)) {
                stockShown.add(String((source as { _id: unknown })._id));
              }
              // A list by stock level changes as products' units cross its bounds.
              if ((args.filter as { stock?: unknown } | undefined)?.stock) {
                stockShown.add(EVERY_PRODUCT);
              }
            },
          };
        },
        async willSendResponse({ operation, response, overallCachePolicy, contextValue }) {
          if (operation?.operation !== 'query' || response.body.kind !== 'single') return;
          const { data, errors, extensions } = response.body.singleResult;
          if (errors || !data || overallCachePolicy.policyIfCacheable()?.scope !== 'PUBLIC') {
            return;
          }
          // Charged by limitsPlugin, which runs first.
          const cost = (extensions?.cost as ReturnType<typeof costCharged> | undefined)?.requested;
          const key = answerKey(contextValue.req);
          if (cost === undefined || key === undefined) return;
          const body = Buffer.from(JSON.stringify(data));
          answers.store(from, key, { body, cost, stockShown: [...stockShown] });
        },
      };
    },
  };
}

/** How Apollo's answer begins: `data` comes first. */
const DATA_OPENS = Buffer.from('{"data":');

/**
 * The content types Apollo chooses among for a single answer, in its order, so the choice here
 * is the one it makes. The last (a subscription callback protocol) is left to Apollo.
 */
const ANSWER_TYPES = [
  'application/json',
  'application/graphql-response+json',
  'application/json-graphql-callback',
];
const SENT_HERE = new Set(ANSWER_TYPES.slice(0, 2));

/**
 * In front of Apollo: answers a stored operation as Apollo did, with `extensions.cost`, and
 * charges its cost to the client's budget as Apollo would. Anything else, and a client over
 * its budget, goes on to Apollo, which answers it (a refusal is then counted twice, which
 * changes nothing for a client already refused).
 */
@Injectable()
export class GraphqlCachedResponseMiddleware implements NestMiddleware {
  constructor(
    private readonly answers: CachedResponses,
    private readonly budget: CostBudget,
  ) {}

  use(request: ShopRequest, response: Response, next: NextFunction): void {
    // Only JSON bodies: Apollo's CSRF check lets them through, and uploads are never stored.
    const key =
      request.method === 'POST' && request.is('application/json') ? answerKey(request) : undefined;
    const found = key === undefined ? undefined : this.answers.find(key);
    const type = found && request.accepts(ANSWER_TYPES);
    if (!found || found.cost === undefined || !type || !SENT_HERE.has(type)) return next();
    const cost = found.cost;
    this.budget.spend(request, cost).then(
      (remaining) => {
        const extensions = JSON.stringify({ cost: costCharged(cost, remaining) });
        response.setHeader('Content-Type', `${type}; charset=utf-8`);
        response.send(
          Buffer.concat([DATA_OPENS, found.body, Buffer.from(`,"extensions":${extensions}}\n`)]),
        );
      },
      () => next(),
    );
  }
}
