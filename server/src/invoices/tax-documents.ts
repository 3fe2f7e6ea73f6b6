import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { KeyedMutex } from '../common/keyed-mutex';
import { APP_CONFIG, AppConfig } from '../config/config';
import { isDuplicateKey, upsertRacing } from '../common/natural-key';
import { financialYearOf } from './financial-year';
import type { TaxDocumentKind } from './financial-year';
import type { TaxDocument } from './tax-document';
import { TaxDocumentKey, TaxDocumentRecord, TaxDocumentSeries } from './tax-document.schema';

/** The fields a series gives a document: everything else is the issuer's. */
export type Numbered = Pick<TaxDocument, 'number' | 'financialYear' | 'serial' | 'issuedAt'>;

export interface IssueRequest {
  /** What it is issued for, once: `invoice:<order>`, `credit:<receipt>`. */
  key: string;
  kind: TaxDocumentKind;
  buyer: Types.ObjectId;
  orderId: string;
  /** The document, given its number. */
  build: (numbered: Numbered) => Omit<TaxDocument, keyof Numbered>;
  /** Its number as printed, from its serial: the prefix is the settings'. */
  numberOf: (financialYear: string, serial: number) => string;
}

const seriesOf = (kind: TaxDocumentKind, financialYear: string) => `${kind}-${financialYear}`;
const documentIdOf = (series: string, serial: number) => `${series}-${serial}`;
const orderKeyOf = (orderId: string) => `order:${orderId}`;

/**
 * Tax invoices and credit notes, numbered in series per kind and financial year, from 1,
 * consecutive and never twice, on one instance or many, with no number taken by an issue that
 * never happened (docs/decisions/028-gst-invoices.md):
 * - a purpose (`invoice:<order>`) is claimed first by inserting its key, so two instances never
 *   issue twice for it; the claim notes the series' last serial known then (`drawFrom`);
 * - the document is then inserted at the first serial above that not taken: the insert of a
 *   unique `_id` is atomic on both engines, so of two issues reaching one serial one takes it
 *   and the other tries the next; every serial below the first free is taken, so none is skipped;
 * - an issue that stopped after inserting its document is found again above `drawFrom`.
 * Only `_id` lookups: the embedded engine serves them from its index.
 */
@Injectable()
export class TaxDocuments {
  /** Issues of one series in this process, one at a time: fewer lost inserts. */
  private readonly drawing = new KeyedMutex();

  constructor(
    @InjectModel(TaxDocumentRecord.name) private readonly documents: Model<TaxDocumentRecord>,
    @InjectModel(TaxDocumentKey.name) private readonly keys: Model<TaxDocumentKey>,
    @InjectModel(TaxDocumentSeries.name) private readonly series: Model<TaxDocumentSeries>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The document issued for `request.key`, issued now (dated `at`) when it has none yet; null
   * while another instance is issuing it (try again later: order recovery does).
   */
  async issue(request: IssueRequest, at: Date): Promise<TaxDocumentRecord | null> {
    const known = await this.keys.findById(request.key).lean();
    if (known?.document) return this.read(known.document);
    const financialYear = financialYearOf(at);
    const series = seriesOf(request.kind, financialYear);
    return this.drawing.run(series, async () => {
      const claim = await this.claim(request.key, series);
      if (!claim) return null;
      if (claim.document) return this.read(claim.document);
      let serial = claim.drawFrom + 1;
      // An issue for this key that stopped half-way may have inserted its document.
      for (; ; serial += 1) {
        const taken = await this.documents.findById(documentIdOf(series, serial)).lean();
        if (!taken) break;
        if (taken.key === request.key) return this.finish(request, taken);
      }
      for (; ; serial += 1) {
        const numbered = {
          number: request.numberOf(financialYear, serial),
          financialYear,
          serial,
          issuedAt: at,
        };
        try {
          const document = await this.documents.create({
            ...request.build(numbered),
            ...numbered,
            _id: documentIdOf(series, serial),
            key: request.key,
            buyer: request.buyer,
          });
          return this.finish(request, document.toObject());
        } catch (error) {
          // Another issue took this serial first: the next.
          if (!isDuplicateKey(error)) throw error;
        }
      }
    });
  }

  /** The document by its `_id` (`invoice-2026-27-17`), or null. */
  read(id: string): Promise<TaxDocumentRecord | null> {
    return this.documents.findById(id).lean();
  }

  /** An order's documents, in the order issued. */
  async ofOrder(orderId: string): Promise<TaxDocumentRecord[]> {
    const listed = await this.keys.findById(orderKeyOf(orderId)).lean();
    const found = await Promise.all((listed?.documents ?? []).map((id) => this.read(id)));
    return found.filter((document): document is TaxDocumentRecord => document !== null);
  }

  /** The documents issued from `from` until `to`, by serial within each series. */
  between(from: Date, to: Date): Promise<TaxDocumentRecord[]> {
    return this.documents
      .find({ issuedAt: { $gte: from, $lt: to } })
      .sort({ kind: -1, financialYear: 1, serial: 1 })
      .lean();
  }

  /**
   * The key claimed for this issue: inserted now, or, when another began it more than the lease
   * ago, taken over. Null while another issue of it may still be running.
   */
  private async claim(key: string, series: string): Promise<TaxDocumentKey | null> {
    const owner = randomUUID();
    const drawFrom = (await this.series.findById(series).lean())?.last ?? 0;
    try {
      return (
        await this.keys.create({ _id: key, series, drawFrom, owner, claimedAt: new Date() })
      ).toObject();
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const claimed = await this.keys.findById(key).lean();
    if (!claimed || claimed.document) return claimed;
    // Left as long as order recovery leaves an order before finishing it (ORDER_SETTLE_AFTER_MS),
    // far longer than an issue takes: its issuer stopped (a crash), or another instance is slow.
    const lease = this.config.orderRecovery.settleAfterMs;
    if (Date.now() - claimed.claimedAt.getTime() < lease) return null;
    const taken = await this.keys.updateOne(
      { _id: key, owner: claimed.owner },
      { $set: { owner, claimedAt: new Date() } },
    );
    return taken.modifiedCount === 1 ? { ...claimed, owner } : null;
  }

  /** The key and the order note the document; the series' hint moves up to it. */
  private async finish(
    request: IssueRequest,
    document: TaxDocumentRecord,
  ): Promise<TaxDocumentRecord> {
    await this.keys.updateOne({ _id: request.key }, { $set: { document: document._id } });
    await upsertRacing(() =>
      this.keys.updateOne(
        { _id: orderKeyOf(request.orderId) },
        {
          $addToSet: { documents: document._id },
          $setOnInsert: { claimedAt: new Date(), drawFrom: 0 },
        },
        { upsert: true },
      ),
    );
    const series = seriesOf(document.kind, document.financialYear);
    await upsertRacing(() =>
      this.series.updateOne({ _id: series }, { $max: { last: document.serial } }, { upsert: true }),
    );
    return document;
  }
}
