import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import { User } from '../users';
import { Order } from './order.schema';

/**
 * The ids of one buyer's orders, keyed by the buyer: their order list is a read by `_id`
 * and one per order, where a filter on `buyer` would read every order. An id is added
 * before its order is written, so a crash in between leaves at most an id that finds no
 * order, which readers skip.
 */
@Schema({ versionKey: false, collection: 'buyer_orders' })
export class BuyerOrders {
  /** The buyer's id. */
  @Prop({ type: SchemaTypes.ObjectId, ref: User.name, required: true })
  _id: Types.ObjectId;

  @Prop({ type: [{ type: SchemaTypes.ObjectId, ref: Order.name }], default: [] })
  orders: Types.ObjectId[];
}

export const BuyerOrdersSchema = SchemaFactory.createForClass(BuyerOrders);
