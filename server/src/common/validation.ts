import { ValidationError, ValidationPipe } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { badInput } from './shop-error';

type RulesStorage = ReturnType<typeof getMetadataStorage>;
type RulesOf = RulesStorage['getTargetValidationMetadatas'];

/** Marks the storage patched: one global, whatever copies of this module were loaded. */
const REMEMBERED = Symbol.for('shop.validation-rules-remembered');

/**
 * class-validator looks up a class's rules each time it validates an object of it, going
 * through every class that has rules to find its ancestors: about a tenth of a GraphQL
 * request's time with the shop's couple of hundred classes. The rules are fixed once the
 * classes are loaded, so each look-up is kept, by class and options, and all are forgotten
 * whenever a rule is added (a class loaded later).
 */
export function rememberValidationRules(storage: RulesStorage = getMetadataStorage()): void {
  const marked = storage as RulesStorage & { [REMEMBERED]?: true };
  if (marked[REMEMBERED]) return;
  marked[REMEMBERED] = true;
  const lookUp: RulesOf = storage.getTargetValidationMetadatas.bind(storage);
  let kept = new WeakMap<object, Map<string, ReturnType<RulesOf>>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0000') ?? ''}`;
    let byOptions = kept.get(target);
    if (!byOptions) kept.set(target, (byOptions = new Map()));
    let rules = byOptions.get(key);
    if (!rules) byOptions.set(key, (rules = lookUp(target, schema, always, strictGroups, groups)));
    return rules;
  };
  for (const add of [
    'addValidationMetadata',
    'addConstraintMetadata',
    'addValidationSchema',
  ] as const) {
    const adding = storage[add].bind(storage) as (...args: unknown[]) => void;
    (storage[add] as (...args: unknown[]) => void) = (...args) => {
      kept = new WeakMap();
      adding(...args);
    };
  }
}

function firstMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const constraint = error.constraints && Object.values(error.constraints)[0];
    if (constraint) return constraint;
    const nested = error.children?.length ? firstMessage(error.children) : '';
    if (nested) return nested;
  }
  return 'Invalid input';
}

/**
 * Unknown fields are dropped rather than refused, so older and newer clients keep
 * working; a value of the wrong type (an object where a string belongs) is refused.
 */
export function createValidationPipe(): ValidationPipe {
  rememberValidationRules();
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => badInput(firstMessage(errors)),
  });
}
