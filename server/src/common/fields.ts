import { applyDecorators } from '@nestjs/common';
import { Field, FieldMiddleware, Float } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsEmail,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateBy,
  ValidationArguments,
} from 'class-validator';
import {
  controlCharactersIn,
  fieldFault,
  holdsControlCharacters,
  MIN_PASSWORD_LENGTH,
  NumberRule,
  obeys,
  PASSWORD_TOO_COMMON,
  TEXT_LIMITS,
  TextRule,
} from '../shared/rules';
import { EMAIL_RULE, PHONE_RULE, PASSWORD_TOO_SHORT } from '../shared/form-rules';
import { isCommonPassword } from '../config/common-passwords';
import { toRupees } from './money';

/**
 * Field rules shared by every DTO, so a limit is written once; each also declares the
 * field for OpenAPI and for GraphQL, so one class serves as REST body and GraphQL input.
 * Strings are trimmed
 * only when they are strings: an object where a string belongs must still fail.
 */
const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Some text besides spaces: the rule behind IsNotEmpty after trimming. */
const NOT_BLANK = '\\S';

/** For a text that may span lines (a description, an address): tab and line breaks are kept. */
export const SPANS_LINES = true;

/**
 * No control characters (shared/rules.ts says why), refused with the one message naming the
 * field. Every text field has it, through the decorators below.
 */
export const PlainText = (spansLines = false) =>
  ValidateBy({
    name: 'plainText',
    validator: {
      validate: (value) => typeof value !== 'string' || !holdsControlCharacters(value, spansLines),
      defaultMessage: (args) => controlCharactersIn(args?.property ?? 'text'),
    },
  });

const plainTextNote = (spansLines: boolean) =>
  spansLines
    ? 'No control characters but tab and line breaks'
    : 'No control characters (tab and line breaks included)';

/** Text with more than spaces: up to a length, or as a shop rule says with its message. */
export function RequiredText(limit: number | TextRule, example?: string, lines = false) {
  const rule = typeof limit === 'number' ? { maxLength: limit } : limit;
  const message = 'required' in rule ? { message: rule.required } : undefined;
  const spansLines = lines || ('spansLines' in rule && rule.spansLines === true);
  return applyDecorators(
    ApiProperty({
      minLength: 1,
      maxLength: rule.maxLength,
      pattern: NOT_BLANK,
      example,
      description: plainTextNote(spansLines),
    }),
    Field(() => String),
    trim(),
    IsString(),
    IsNotEmpty(message),
    MaxLength(rule.maxLength),
    PlainText(spansLines),
  );
}

export function OptionalText(max: number, example?: string, spansLines = false) {
  return applyDecorators(
    ApiPropertyOptional({ maxLength: max, example, description: plainTextNote(spansLines) }),
    Field(() => String, { nullable: true }),
    trim(),
    IsOptional(),
    IsString(),
    MaxLength(max),
    PlainText(spansLines),
  );
}

export function Email() {
  return applyDecorators(
    ApiProperty({ format: 'email', maxLength: TEXT_LIMITS.email, example: 'shopper@shop.local' }),
    Field(() => String),
    trim(),
    IsString(),
    IsEmail({}, { message: (args) => fieldFault(args.property, EMAIL_RULE.message) }),
    MaxLength(TEXT_LIMITS.email),
  );
}

/** Not among the most common passwords (an empty one, which sets nothing, aside). */
const NotCommonPassword = () =>
  ValidateBy({
    name: 'notCommonPassword',
    validator: {
      validate: (value) => typeof value !== 'string' || !isCommonPassword(value),
      defaultMessage: (args) => fieldFault(args?.property ?? 'password', PASSWORD_TOO_COMMON),
    },
  });

const tooShort = (args: ValidationArguments) => fieldFault(args.property, PASSWORD_TOO_SHORT);

/** A password being set: long enough, and none of the 100,000 most common. */
export function Password(required = true, description?: string) {
  const documented = {
    maxLength: TEXT_LIMITS.password,
    description: [description, 'None of the 100,000 most common passwords']
      .filter(Boolean)
      .join('. '),
  };
  return applyDecorators(
    required
      ? ApiProperty({ minLength: MIN_PASSWORD_LENGTH, ...documented })
      : ApiPropertyOptional(documented),
    Field(() => String, { nullable: !required, description }),
    ...(required
      ? [IsNotEmpty({ message: tooShort }), MinLength(MIN_PASSWORD_LENGTH, { message: tooShort })]
      : [IsOptional()]),
    IsString(),
    MaxLength(TEXT_LIMITS.password),
    PlainText(),
    NotCommonPassword(),
  );
}

/**
 * A secret compared as typed: never trimmed, and not held to PlainText, since it is only
 * compared with what was set, never kept or shown (and a password set before that rule must
 * still sign in). Optional, it says what it is needed for.
 */
export function Secret(max: number, neededFor?: string) {
  const documented = { minLength: 1, maxLength: max, description: neededFor };
  return applyDecorators(
    neededFor ? ApiPropertyOptional(documented) : ApiProperty(documented),
    Field(() => String, { nullable: Boolean(neededFor), description: neededFor }),
    IsString(),
    ...(neededFor ? [IsOptional()] : [IsNotEmpty()]),
    MaxLength(max),
  );
}

export function Phone(required = true) {
  const documented = { maxLength: TEXT_LIMITS.phone, pattern: PHONE_RULE.pattern.source };
  return applyDecorators(
    required
      ? ApiProperty({ ...documented, example: '+91 98765 43210' })
      : ApiPropertyOptional(documented),
    Field(() => String, { nullable: !required }),
    trim(),
    ...(required ? [] : [IsOptional()]),
    IsString(),
    IsNotEmpty({ message: (args) => fieldFault(args.property, PHONE_RULE.required) }),
    MaxLength(TEXT_LIMITS.phone),
    Matches(PHONE_RULE.pattern, {
      message: (args) => fieldFault(args.property, PHONE_RULE.message),
    }),
  );
}

/**
 * Multipart forms send every field as text: "250" is the number 250, but an empty
 * or non-numeric field stays as it is so that validation refuses it.
 */
export const toNumber = () =>
  Transform(({ value }) =>
    typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : value,
  );

/**
 * Whole paise: at most two decimal places. Judged by rounding rather than by the number's
 * text, which for tiny values (1e-7, 5e-324) is written with an exponent and no point.
 */
const WholePaise = () =>
  ValidateBy({
    name: 'wholePaise',
    validator: {
      validate: (value) => typeof value === 'number' && Number(value.toFixed(2)) === value,
      defaultMessage: (args) => `${args?.property} must have at most 2 decimal places`,
    },
  });

/** A number within a shop rule's bounds; refused with the rule's own message. */
export const Obeys = (rule: NumberRule) =>
  ValidateBy({
    name: 'obeys',
    validator: { validate: (value) => obeys(rule, value), defaultMessage: () => rule.message },
  });

/** An amount in rupees, within `rule`, in whole paise. */
export function Rupees(rule: NumberRule, example?: number) {
  return applyDecorators(
    ApiProperty({
      minimum: rule.min,
      maximum: rule.max,
      multipleOf: 0.01,
      example,
      description: 'Rupees',
    }),
    Field(() => Float, { description: 'Rupees' }),
    toNumber(),
    IsNumber({ allowNaN: false, allowInfinity: false }),
    WholePaise(),
    Obeys(rule),
  );
}

const paiseToRupees: FieldMiddleware = async (_context, next) => {
  const paise = (await next()) as number | null | undefined;
  return paise == null ? null : toRupees(paise);
};

/**
 * A GraphQL field of money kept in whole paise and answered in rupees: the one place GraphQL
 * turns stored amounts into rupees, whatever type carries them.
 */
export const RupeesFromPaise = (description = 'Rupees', nullable = false) =>
  Field(() => Float, { description, nullable, middleware: [paiseToRupees] });

/** An optional amount in rupees, within `rule`, in whole paise; null means none. */
export function OptionalRupees(rule: NumberRule, description: string) {
  return applyDecorators(
    ApiPropertyOptional({
      type: 'number',
      nullable: true,
      minimum: rule.min,
      maximum: rule.max,
      multipleOf: 0.01,
      description,
    }),
    Field(() => Float, { nullable: true, description }),
    toNumber(),
    IsOptional(),
    IsNumber({ allowNaN: false, allowInfinity: false }),
    WholePaise(),
    Obeys(rule),
  );
}
