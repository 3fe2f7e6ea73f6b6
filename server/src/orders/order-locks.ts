import { Injectable } from '@nestjs/common';
import { KeyedMutex } from '../common/keyed-mutex';

/**
 * One lock per order, shared by everything that writes an order after it is written: settling
 * its payment, status changes, refunds, a line cancelled, a return. The embedded engine's
 * conditional update is a read and a write back, so two writes of one order in this process
 * must not interleave (see KeyedMutex).
 */
@Injectable()
export class OrderLocks extends KeyedMutex {}
