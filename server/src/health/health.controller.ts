import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { ApiTags } from '@nestjs/swagger';
import { ApiAnswer } from '../common/rest-v1/api-responses';
import { shapeOf } from '../common/rest-v1/answers';
import type { Response } from 'express';
import { Connection } from 'mongoose';
import { Draining } from './draining';

const READINESS = shapeOf({ status: { type: 'string' }, database: { type: 'string' } });

/** The answer while shutting down, whatever the database says: no new work is wanted here. */
const DRAINING = { status: 'draining', database: 'up' } as const;

/** Probes for load balancers and orchestrators, outside the versioned API. */
@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly draining: Draining,
  ) {}

  @Get('healthz')
  @ApiAnswer(200, 'The process is up', shapeOf({ status: { type: 'string', enum: ['ok'] } }))
  live() {
    return { status: 'ok' };
  }

  @Get('readyz')
  @ApiAnswer(200, 'The database answers', READINESS)
  @ApiAnswer(503, 'The database does not answer, or the server is shutting down', READINESS)
  async ready(@Res({ passthrough: true }) response: Response) {
    if (this.draining.active) {
      response.status(HttpStatus.SERVICE_UNAVAILABLE);
      return DRAINING;
    }
    try {
      await this.connection.db!.admin().ping();
      return { status: 'ok', database: 'up' };
    } catch {
      response.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'unavailable', database: 'down' };
    }
  }
}
