import type { ApolloServerPlugin } from '@apollo/server';
import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import type { ShopRequest } from '../auth';
import { CachedResponses } from '../catalogue';
import { LoaderFactory } from '../lookups';
import { CostBudget } from './cost-budget';
import { costCharged } from './limits-plugin';
import { operationCost } from './operation-limits';
import { noteOperation } from './operation-name-plugin';
import { GraphqlContext, graphqlContext, isPublicQuery, PublicQueries } from './public-queries';

/*
 * GraphQL's share of CachedResponses: a storefront query asked again while the
 * catalogue is unchanged is answered without Apollo parsing, pricing and running it. At
 * 100,000 products the home page's query ran at a quarter of the rate of the category list,
 * most of it spent in Apollo and graphql-js; answered from here it costs what a REST read does.
 *
 * Which answers are the same for every viewer is told by cache hints (`@cacheControl`) on the
 * catalogue's types, read from the document by Apollo's rules (isPublicQuery): an operation is
 * stored only when every field it can ask for has a public hint, it is a query and it had no
 * errors. Orders, users and the viewer have no hint, so any operation touching them is never
 * stored. Hints do not make answers expire: a change of the catalogue does (CachedResponses),
 * and no Cache-Control header is sent, so no browser or proxy keeps an answer either.
 *
 * A public query with no stored answer (a product page nobody opened since the last change)
 * is run here too, once Apollo has accepted its text twice: priced and charged as Apollo
 * prices it, run on the same schema, resolvers and context (compiled by graphql-jit), and
 * stored when asked again. Apollo's own pipeline cost twice what running the product page did:
 * at 100,000 products the page, opened product by product, ran at 0.34x the category list
 * through Apollo (decision 033).
 */

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

/** Stores what Apollo answered, when it is a public catalogue answer, and remembers its text. */
export function cachedResponsesPlugin(
  answers: CachedResponses,
  queries: PublicQueries,
): ApolloServerPlugin<GraphqlContext> {
  return {
    async requestDidStart() {
      // Taken before anything is read: an answer worked out across a change is not stored.
      const from = answers.state;
      return {
        async willSendResponse({ schema, document, operation, response, contextValue }) {
          if (!document || !operation || response.body.kind !== 'single') return;
          const { data, errors, extensions } = response.body.singleResult;
          if (errors || !data || !isPublicQuery(schema, document, operation)) return;
          // Charged by limitsPlugin, which runs first.
          const cost = (extensions?.cost as ReturnType<typeof costCharged> | undefined)?.requested;
          const { req, stockShown } = contextValue;
          const key = answerKey(req);
          if (cost === undefined || key === undefined) return;
          const { query, operationName } = req.body as { query: string; operationName?: unknown };
          queries.remember(query, operationName, { schema, document, operation });
          const body = Buffer.from(JSON.stringify(data));
          answers.store(from, key, { body, cost, stockShown: [...stockShown] });
        },
      };
    },
  };
}

/** How Apollo's answer begins: `data` comes first. */
const DATA_OPENS_TEXT = '{"data":';
const DATA_OPENS = Buffer.from(DATA_OPENS_TEXT);

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

/** What Apollo sends for data without errors, with the cost charged. */
function sendData(
  response: Response,
  type: string,
  data: Buffer | string,
  cost: number,
  left: number,
) {
  const closes = `,"extensions":${JSON.stringify({ cost: costCharged(cost, left) })}}\n`;
  const body =
    typeof data === 'string'
      ? `${DATA_OPENS_TEXT}${data}${closes}`
      : Buffer.concat([DATA_OPENS, data, Buffer.from(closes)]);
  response.writeHead(200, {
    'Content-Type': `${type}; charset=utf-8`,
    'Content-Length': Buffer.byteLength(body),
  });
  response.end(body);
}

/**
 * In front of Apollo: answers a public query from its stored answer, or runs it when Apollo
 * has accepted its text before, and charges its cost to the client's budget as Apollo would.
 * Anything else, a client over its budget and a run with errors go on to Apollo, which answers
 * them (a refusal, or a run's cost, is then counted twice, which changes nothing for a client
 * already refused and is rare otherwise: a public query's errors are bad variables, which
 * cost nothing).
 */
@Injectable()
export class GraphqlCachedResponseMiddleware implements NestMiddleware {
  constructor(
    private readonly answers: CachedResponses,
    private readonly queries: PublicQueries,
    private readonly budget: CostBudget,
    private readonly loaders: LoaderFactory,
  ) {}

  use(request: ShopRequest, response: Response, next: NextFunction): void {
    // Only JSON bodies: Apollo's CSRF check lets them through, and uploads are never stored.
    const key =
      request.method === 'POST' && request.is('application/json') ? answerKey(request) : undefined;
    const type = key === undefined ? undefined : request.accepts(ANSWER_TYPES);
    if (key === undefined || !type || !SENT_HERE.has(type)) return next();
    const found = this.answers.find(key);
    if (found?.cost !== undefined) {
      const cost = found.cost;
      const { query, operationName } = request.body as Record<string, unknown>;
      const name = this.queries.find(query as string, operationName)?.operation.name?.value;
      this.budget.spend(request, cost).then(
        (left) => {
          noteOperation(request, name, 'query', 'success');
          sendData(response, type, found.body, cost, left);
        },
        () => next(),
      );
      return;
    }
    this.run(request, response, key, type).then(
      (answered) => answered || next(),
      () => next(),
    );
  }

  /** Runs a public query Apollo accepted before; false when Apollo should answer instead. */
  private async run(request: ShopRequest, response: Response, key: string, type: string) {
    const { query, operationName, variables } = request.body as Record<string, unknown>;
    const known = this.queries.find(query as string, operationName);
    // Apollo refuses names and variables of the wrong kind; so must this.
    const plainVariables =
      variables == null || (typeof variables === 'object' && !Array.isArray(variables));
    if (
      !known ||
      !plainVariables ||
      !(operationName == null || typeof operationName === 'string')
    ) {
      return false;
    }
    const values = (variables ?? undefined) as Record<string, unknown> | undefined;
    const from = this.answers.state;
    const cost = operationCost(known.schema, known.document, known.operation, values);
    const left = await this.budget.spend(request, cost);
    const context = graphqlContext(request, this.loaders);
    const result = await known.compiled.query(undefined, context, values ?? {});
    if (result.errors || !result.data) return false;
    const data = JSON.stringify(result.data);
    this.answers.storeOnSecondAsking(from, key, () => ({
      body: Buffer.from(data),
      cost,
      stockShown: [...context.stockShown],
    }));
    noteOperation(request, known.operation.name?.value, 'query', 'success');
    sendData(response, type, data, cost, left);
    return true;
  }
}
