import { Injectable } from '@nestjs/common';
import { KeyedMutex } from '../../common/keyed-mutex';

/**
 * One lock per product, shared by everything that writes a product document: the admin's
 * writes (ProductWrites), stock holds (Inventory) and migrations of stored products. The
 * embedded engine's conditional update is a read and a write back, so two writes of one
 * product in this process must not interleave (see KeyedMutex).
 */
@Injectable()
export class ProductLocks extends KeyedMutex {}
