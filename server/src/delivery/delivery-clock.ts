import { Injectable } from '@nestjs/common';

/**
 * The time estimates count from: the system's, in a provider of its own so that tests can
 * set a day and hour (a Saturday after the cut-off, the eve of a holiday).
 */
@Injectable()
export class DeliveryClock {
  now(): number {
    return Date.now();
  }
}
