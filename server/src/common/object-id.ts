import { Injectable, PipeTransform } from '@nestjs/common';
import { isValidObjectId, Types } from 'mongoose';
import { badInput } from './shop-error';

const objectIdPattern = /^[0-9a-f]{24}$/i;

export function isObjectIdString(value: unknown): value is string {
  return typeof value === 'string' && objectIdPattern.test(value) && isValidObjectId(value);
}

export function toObjectId(value: string, what = 'id'): Types.ObjectId {
  if (!isObjectIdString(value)) throw badInput(`Invalid ${what}`);
  return new Types.ObjectId(value);
}

/** Route parameter pipe: `@Param('id', ObjectIdPipe) id: string`. */
@Injectable()
export class ObjectIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    if (!isObjectIdString(value)) throw badInput('Invalid id');
    return value;
  }
}
