import { applyDecorators } from '@nestjs/common';
import { Field, Float, Int } from '@nestjs/graphql';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsBoolean, IsInt, IsNumber, IsOptional, IsString } from 'class-validator';

/*
 * The fields of a change of a settings section (delivery, payments), for REST's body and
 * GraphQL's input alike. Only types are checked here; the bounds, each refused naming its
 * field, are the section owner's, so both APIs refuse with the same words. A field left out
 * is kept; null, where allowed, means none.
 */

const IS_NUMBER = { allowNaN: false, allowInfinity: false };

/** An amount in rupees; to the paisa and within bounds is the owner's to check. */
export const SettingRupees = (field: string, description: string, nullable = false) =>
  applyDecorators(
    ApiPropertyOptional({ type: 'number', nullable, description }),
    Field(() => Float, { nullable: true, description }),
    IsOptional(),
    IsNumber(IS_NUMBER, { message: `${field} must be a number of rupees` }),
  );

export const SettingWholeNumber = (field: string, description: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: 'integer', description }),
    Field(() => Int, { nullable: true, description }),
    IsOptional(),
    IsInt({ message: `${field} must be a whole number` }),
  );

export const SettingText = (field: string, description: string, example?: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: 'string', description, example }),
    Field(() => String, { nullable: true, description }),
    IsOptional(),
    IsString({ message: `${field} must be a text` }),
  );

export const SettingTexts = (field: string, description: string, most: number) =>
  applyDecorators(
    ApiPropertyOptional({ type: [String], maxItems: most, description }),
    Field(() => [String], { nullable: true, description }),
    IsOptional(),
    IsArray({ message: `${field} must be a list` }),
    IsString({ each: true, message: `${field} must be a list of texts` }),
  );

export const SettingSwitch = (field: string, description?: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: 'boolean', description }),
    Field(() => Boolean, { nullable: true, description }),
    IsOptional(),
    IsBoolean({ message: `${field} must be true or false` }),
  );
