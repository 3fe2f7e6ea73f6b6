import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ChangeLog } from '../../changes';
import { KeyedMutex } from '../../common/keyed-mutex';
import { ShopError } from '../../common/shop-error';
import { DatabaseEngine } from '../../database/database-engine';
import { PRODUCT_IMPORT_LIMITS } from '../../shared/rules';
import {
  IMPORT_JOB_STATE,
  ImportFault,
  ImportJobState,
  ProductImport,
  ProductImportRecord,
  UNFINISHED_IMPORT_STATES,
} from './product-import.schema';
import { ProductInput, ProductWrites } from './product-writes.service';

/** How often a process writing a job says so. */
export const IMPORT_HEARTBEAT_MS = 2_000;
/** A job in `writing` not heard of for this long is one whose process stopped. */
export const IMPORT_STALE_MS = 10_000;
/** The most jobs the admin's list shows. */
export const IMPORT_JOBS_LISTED = 20;

/** A line of the file to write: a new product (with its slug), or changes to `current`. */
export interface JobRow {
  line: number;
  slug: string;
  input: ProductInput;
  current?: Types.ObjectId;
}

export interface JobSummary {
  fileName: string;
  created: number;
  updated: number;
  unchanged: number;
}

/** What a job writes, by product id. */
type JobProducts = Pick<ProductImport, 'creates' | 'updates'>;

/**
 * An import as a job, all or nothing for shoppers and across crashes
 * (docs/decisions/013-import-jobs.md):
 *
 * 1. The job is recorded (`writing`) with the ids of every product it creates and changes.
 * 2. Each line is written out of sight: a new product marked with the job (the catalogue does
 *    not show it), a change kept beside the product it changes. A line refused here (a slug
 *    taken meanwhile) has the job undone.
 * 3. `applying` is the point of no return: the marks come off, the changes are written over
 *    the products, and the products are published together, so the storefront shows them at
 *    once; then `done`.
 *
 * A process that stops leaves the job `writing` (recovery undoes it once nothing has written it
 * for IMPORT_STALE_MS), `applying` (recovery finishes it) or `undoing` (recovery undoes it), at
 * start and whenever a job it saw running falls silent. Every step is safe to run again.
 */
@Injectable()
export class ProductImports implements OnApplicationShutdown {
  private readonly logger = new Logger('ProductImports');
  /** Moves of one job's state run one at a time in this process (DatabaseEngine.updateIf). */
  private readonly moves = new KeyedMutex();
  /** Jobs this process is writing: recovery leaves them alone. */
  private readonly running = new Set<string>();
  private recheck: NodeJS.Timeout | undefined;

  constructor(
    @InjectModel(ProductImport.name) private readonly jobs: Model<ProductImport>,
    private readonly writes: ProductWrites,
    private readonly changes: ChangeLog,
    private readonly engine: DatabaseEngine,
  ) {}

  /** Writes `rows` as one job; the job as it ended, `done` or `undone`. */
  async run(rows: readonly JobRow[], summary: JobSummary): Promise<ProductImportRecord> {
    const creates = rows.filter((row) => !row.current).map(() => new Types.ObjectId());
    const updates = rows.flatMap((row) => row.current ?? []);
    const now = new Date();
    const job: ProductImportRecord = {
      _id: new Types.ObjectId(),
      ...summary,
      state: IMPORT_JOB_STATE.WRITING,
      startedAt: now,
      aliveAt: now,
      finishedAt: null,
      recoveredAt: null,
      creates,
      updates,
      faults: [],
    };
    // Lean: every field is set here, and casting 2,000 ids one by one holds the event loop.
    await this.jobs.insertMany([job], { lean: true });
    const { _id } = job;
    this.running.add(String(_id));
    const heartbeat = setInterval(() => {
      this.jobs
        .updateOne({ _id }, { $set: { aliveAt: new Date() } })
        .catch((error: unknown) => this.logger.warn(`Import ${_id}: ${String(error)}`));
    }, IMPORT_HEARTBEAT_MS);
    heartbeat.unref();
    try {
      const fault = await this.writeOutOfSight(_id, rows, creates);
      clearInterval(heartbeat);
      if (fault) return await this.undo(job, [fault]);
      // Should recovery elsewhere have taken the job as stopped, its outcome is theirs.
      if (!(await this.move(_id, IMPORT_JOB_STATE.WRITING, { state: IMPORT_JOB_STATE.APPLYING }))) {
        return await this.read(_id);
      }
      return await this.finish(job);
    } catch (error) {
      // The database failed us: what can be undone now is, the rest at the next recovery.
      this.logger.error(`Import ${_id} failed: ${String(error)}`);
      this.recoverLater(IMPORT_STALE_MS);
      throw error;
    } finally {
      clearInterval(heartbeat);
      this.running.delete(String(_id));
    }
  }

  /** The latest jobs, newest first. A read of the whole (small) collection: admin only. */
  latest(count = IMPORT_JOBS_LISTED): Promise<ProductImportRecord[]> {
    return this.jobs
      .find()
      .sort({ startedAt: -1, _id: -1 })
      .limit(Math.max(1, Math.min(count, IMPORT_JOBS_LISTED)))
      .lean<ProductImportRecord[]>();
  }

  one(id: Types.ObjectId): Promise<ProductImportRecord | null> {
    return this.jobs.findById(id).lean<ProductImportRecord>();
  }

  /**
   * Ends the jobs no process is running: `applying` finished, `undoing` undone, `writing` undone
   * once silent for IMPORT_STALE_MS (until then it may be another instance's, still writing;
   * it is looked at again when it would be). Called at start, before the shop serves.
   */
  async recover(): Promise<void> {
    const open = await this.jobs
      .find({ state: { $in: UNFINISHED_IMPORT_STATES } })
      .select('+creates +updates')
      .lean<ProductImportRecord[]>();
    let soonest = Infinity;
    for (const job of open) {
      if (this.running.has(String(job._id))) continue;
      const silentFor = Date.now() - job.aliveAt.getTime();
      if (job.state === IMPORT_JOB_STATE.WRITING && silentFor < IMPORT_STALE_MS) {
        soonest = Math.min(soonest, IMPORT_STALE_MS - silentFor);
        continue;
      }
      await this.recoverOne(job).catch((error: unknown) => {
        this.logger.error(`Could not recover import ${job._id}: ${String(error)}`);
        soonest = Math.min(soonest, IMPORT_STALE_MS);
      });
    }
    if (soonest < Infinity) this.recoverLater(soonest);
  }

  onApplicationShutdown(): void {
    clearTimeout(this.recheck);
  }

  private async recoverOne(job: ProductImportRecord): Promise<void> {
    const recoveredAt = new Date();
    if (job.state === IMPORT_JOB_STATE.APPLYING) {
      await this.move(job._id, IMPORT_JOB_STATE.APPLYING, { recoveredAt });
      await this.finish(job);
      this.logger.log(`Finished import ${job._id}, which a stopped process had begun to apply`);
      return;
    }
    const fault: ImportFault = { line: 1, field: null, message: PRODUCT_IMPORT_LIMITS.stopped };
    const silentSince = new Date(Date.now() - IMPORT_STALE_MS);
    // Only if still silent: a process that wrote meanwhile is alive, and keeps its job.
    const taken =
      job.state === IMPORT_JOB_STATE.UNDOING ||
      (await this.move(
        job._id,
        IMPORT_JOB_STATE.WRITING,
        { state: IMPORT_JOB_STATE.UNDOING, faults: [fault] },
        { aliveAt: { $lte: silentSince } },
      ));
    if (!taken) return;
    await this.move(job._id, IMPORT_JOB_STATE.UNDOING, { recoveredAt });
    await this.undo(job, job.state === IMPORT_JOB_STATE.UNDOING ? job.faults : [fault]);
    this.logger.log(`Undid import ${job._id}, which a stopped process had left half written`);
  }

  private recoverLater(afterMs: number): void {
    clearTimeout(this.recheck);
    this.recheck = setTimeout(() => {
      this.recover().catch((error: unknown) =>
        this.logger.error(`Recovering imports failed: ${String(error)}`),
      );
    }, afterMs + 100);
    this.recheck.unref();
  }

  /** Step 2: each row written where nobody sees it; the first row refused, if one is. */
  private async writeOutOfSight(
    job: Types.ObjectId,
    rows: readonly JobRow[],
    creates: readonly Types.ObjectId[],
  ): Promise<ImportFault | null> {
    let created = 0;
    for (const row of rows) {
      try {
        if (row.current) await this.writes.stageUpdate(row.current, row.input, job);
        else
          await this.writes.createHidden(creates[created++], { ...row.input, slug: row.slug }, job);
      } catch (error) {
        if (!(error instanceof ShopError)) throw error;
        return { line: row.line, field: null, message: `${error.message}; nothing was imported` };
      }
    }
    return null;
  }

  /** Step 3, from `applying`: shown, published together, `done`. */
  private async finish(job: ProductImportRecord): Promise<ProductImportRecord> {
    const products = await this.productsOf(job);
    // One entry for all, announced before the products are shown and applied together after.
    await this.changes.recording(
      'product',
      [...products.creates, ...products.updates].map(String),
      () => this.writes.showImported(job._id, products),
      { together: true },
    );
    await this.move(job._id, IMPORT_JOB_STATE.APPLYING, {
      state: IMPORT_JOB_STATE.DONE,
      finishedAt: new Date(),
    });
    return this.read(job._id);
  }

  /** From `writing` or `undoing`: what the job wrote taken back, `undone` with `faults`. */
  private async undo(
    job: ProductImportRecord,
    faults: ImportFault[],
  ): Promise<ProductImportRecord> {
    await this.move(job._id, IMPORT_JOB_STATE.WRITING, {
      state: IMPORT_JOB_STATE.UNDOING,
      faults,
    });
    await this.writes.dropImported(job._id, await this.productsOf(job));
    await this.move(job._id, IMPORT_JOB_STATE.UNDOING, {
      state: IMPORT_JOB_STATE.UNDONE,
      finishedAt: new Date(),
    });
    return this.read(job._id);
  }

  /** Sets `changes` on the job if it is in state `from` (and matches `also`); true if it was. */
  private move(
    _id: Types.ObjectId,
    from: ImportJobState,
    changes: Partial<ProductImport>,
    also: Record<string, unknown> = {},
  ): Promise<boolean> {
    return this.moves.run(String(_id), () =>
      this.engine.updateIf(this.jobs, _id, { state: from, ...also }, { $set: changes }),
    );
  }

  private async productsOf(job: ProductImportRecord): Promise<JobProducts> {
    if (job.creates && job.updates) return job;
    const stored = await this.jobs.findById(job._id).select('+creates +updates').lean();
    return { creates: stored?.creates ?? [], updates: stored?.updates ?? [] };
  }

  private async read(_id: Types.ObjectId): Promise<ProductImportRecord> {
    return (await this.one(_id))!;
  }
}
