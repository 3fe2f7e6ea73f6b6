import { Injectable } from '@nestjs/common';

/** Whether this instance is shutting down: from then on /readyz sends traffic elsewhere. */
@Injectable()
export class Draining {
  private since: Date | null = null;

  get active(): boolean {
    return this.since !== null;
  }

  begin(): void {
    this.since ??= new Date();
  }
}
