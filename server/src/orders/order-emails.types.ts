import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { IsString, MaxLength } from 'class-validator';
import { ApiProperty } from '@nestjs/swagger';
import type { OutboxMessage } from '../notifications';

@ObjectType('OrderEmail', { description: 'An e-mail about an order, as the outbox has it' })
export class OrderEmailType {
  @Field(() => ID, { description: 'Its key: what it is for and to whom' }) key: string;
  @Field({ description: 'order-placed, new-order, order-shipped, ...' }) event: string;
  @Field() to: string;
  @Field() subject: string;
  @Field({ description: 'due (waiting to be sent), sent, or failed (given up)' }) state: string;
  @Field(() => Int, { description: 'Sends tried in its latest round' }) tries: number;
  @Field(() => String, { nullable: true, description: 'Why the last try failed' })
  lastError: string | null;
  @Field(() => Date, { nullable: true }) sentAt: Date | null;
  @Field(() => Int, { description: 'How often an admin sent it again' }) sentAgain: number;
  @Field() createdAt: Date;
}

/** The REST body of "send again": the e-mail's key, as the order's list gives it. */
export class SendEmailAgainDto {
  @ApiProperty({ example: 'order-placed/665f1c2e9b1e8a0012345678/asha@example.in' })
  @IsString()
  @MaxLength(400)
  key: string;
}

/** What both APIs show of a message: its key named as such, sentAgain 0 on older ones. */
export function orderEmailOf(message: OutboxMessage): OrderEmailType {
  return {
    key: message._id,
    event: message.event,
    to: message.to,
    subject: message.subject,
    state: message.state,
    tries: message.tries,
    lastError: message.lastError,
    sentAt: message.sentAt,
    sentAgain: message.sentAgain ?? 0,
    createdAt: message.createdAt,
  };
}
