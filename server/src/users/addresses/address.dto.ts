import { applyDecorators } from '@nestjs/common';
import { Field, InputType } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsBoolean, IsOptional } from 'class-validator';
import { ADDRESS_TEXT_LIMITS, TEXT_LIMITS } from '../../shared/rules';

/**
 * A field of an address, declared for OpenAPI and GraphQL; what it must hold is checked by
 * checkedAddress alone, for both APIs, so each refusal names its field the same way.
 */
function AddressText(maxLength: number, example: string, description?: string, required = true) {
  const documented = { type: String, maxLength, example, description };
  return applyDecorators(
    required ? ApiProperty(documented) : ApiPropertyOptional({ ...documented, nullable: true }),
    Field(() => String, { nullable: !required, description }),
    Allow(),
  );
}

/** An address of the address book, as both APIs take it (added, or written over). */
@InputType('AddressInput')
export class AddressDto {
  @AddressText(ADDRESS_TEXT_LIMITS.name, 'Asha Verma', 'Whom to deliver to')
  name: string;

  @AddressText(
    TEXT_LIMITS.phone,
    '+91 98450 12345',
    'An Indian mobile: 10 digits from 6 to 9 first; +91, 91 or 0 before it, spaces and dashes are taken off',
  )
  mobile: string;

  @AddressText(ADDRESS_TEXT_LIMITS.line1, '12 MG Road', 'House number, building, street')
  line1: string;

  @AddressText(ADDRESS_TEXT_LIMITS.line2, 'Shanthala Nagar', 'Area, locality', false)
  line2?: string | null;

  @AddressText(ADDRESS_TEXT_LIMITS.landmark, 'Near Cubbon Park', undefined, false)
  landmark?: string | null;

  @AddressText(ADDRESS_TEXT_LIMITS.city, 'Bengaluru')
  city: string;

  @AddressText(
    60,
    '29',
    'The state or union territory by its GST code ("29" is Karnataka), or by its name',
  )
  stateCode: string;

  @AddressText(10, '560001', "Six digits India Post has, in the address's state")
  pin: string;

  @ApiPropertyOptional({ type: Boolean, description: 'Make it the default address' })
  @Field(() => Boolean, { nullable: true, description: 'Make it the default address' })
  @IsOptional()
  @IsBoolean({ message: 'makeDefault must be true or false' })
  makeDefault?: boolean | null;
}
