import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { Catalogue, ProductRecord, ProductWrites, RatingSummary } from '../catalogue';
import { KeyedMutex } from '../common/keyed-mutex';
import { insertNew, keyedObjectId, upsertRacing } from '../common/natural-key';
import { isObjectIdString } from '../common/object-id';
import { Page, PageRequest, pageOf, skipOf } from '../common/pagination';
import { badInput, notFound } from '../common/shop-error';
import { OrdersService } from '../orders';
import { REVIEW_RULES } from '../shared/rules';
import type { PublicUser } from '../users';
import { ProductReviews, Review, ReviewRecord, reviewIdOf } from './review.schema';

export interface ReviewInput {
  productId: string;
  rating: number;
  title?: string | null;
  text?: string | null;
}

/** One page of a product's visible reviews, with how many gave each number of stars. */
export interface ProductReviewPage extends Page<ReviewRecord> {
  /** Visible reviews giving 1, 2, 3, 4 and 5 stars, in that order. */
  stars: number[];
}

export const NO_SUCH_PRODUCT = 'productId: No such product';

/** A review of the demo shop's, by a reviewer it names (no account), written days ago. */
export interface DemoReview {
  author: string;
  rating: number;
  title: string;
  text: string;
  daysAgo: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Reviews and ratings: a shopper who received a product rates it (one review per product and
 * shopper, written again to edit), the admin hides a review, and after every write the
 * product's rating summary is worked out again from its reviews and handed to the catalogue
 * (ProductWrites.setRating), which serves it with the product.
 */
@Injectable()
export class Reviews {
  /** One write of a product's reviews at a time in this process, summary included. */
  private readonly locks = new KeyedMutex();

  constructor(
    @InjectModel(Review.name) private readonly reviews: Model<Review>,
    @InjectModel(ProductReviews.name) private readonly lists: Model<ProductReviews>,
    private readonly catalogue: Catalogue,
    private readonly productWrites: ProductWrites,
    private readonly orders: OrdersService,
  ) {}

  /** Writes the shopper's review of the product, or edits it; refused unless delivered. */
  async write(shopper: PublicUser, input: ReviewInput): Promise<ReviewRecord> {
    const product = this.productOf(input.productId);
    const received = await this.orders.hasReceived(shopper._id, product._id);
    if (!received) throw badInput(REVIEW_RULES.notDelivered);
    const _id = reviewIdOf(product._id, shopper._id);
    const now = new Date();
    return this.locks.run(String(product._id), async () => {
      await upsertRacing(() =>
        this.lists.updateOne(
          { _id: product._id },
          { $addToSet: { reviews: _id } },
          { upsert: true },
        ),
      );
      await upsertRacing(() =>
        this.reviews.updateOne(
          { _id },
          {
            $set: {
              name: displayNameOf(shopper.name),
              rating: input.rating,
              title: input.title ?? '',
              text: input.text ?? '',
              updatedAt: now,
            },
            $setOnInsert: {
              product: product._id,
              shopper: shopper._id,
              hidden: false,
              createdAt: now,
            },
          },
          { upsert: true, runValidators: true },
        ),
      );
      await this.summarise(product._id);
      return (await this.reviews.findById(_id).lean<ReviewRecord>())!;
    });
  }

  /** Whether the shopper may review the product: it has been delivered to them. */
  async mayReview(shopper: PublicUser, productId: string): Promise<boolean> {
    return this.orders.hasReceived(shopper._id, this.productOf(productId)._id);
  }

  /** Deletes the shopper's review of the product; false when there was none. */
  async deleteMine(shopper: PublicUser, productId: string): Promise<boolean> {
    const product = this.productOf(productId);
    const _id = reviewIdOf(product._id, shopper._id);
    return this.locks.run(String(product._id), async () => {
      const { deletedCount } = await this.reviews.deleteOne({ _id });
      if (deletedCount === 0) return false;
      await this.lists.updateOne({ _id: product._id }, { $pull: { reviews: _id } });
      await this.summarise(product._id);
      return true;
    });
  }

  /** The shopper's review of the product, hidden or not; null when none. */
  async mine(shopper: PublicUser, productId: string): Promise<ReviewRecord | null> {
    const product = this.productOf(productId);
    return this.reviews.findById(reviewIdOf(product._id, shopper._id)).lean<ReviewRecord>();
  }

  /** One page of the product's visible reviews, newest first. */
  async forProduct(product: ProductRecord, request: PageRequest): Promise<ProductReviewPage> {
    const visible = (await this.allOf(product._id))
      .filter((review) => !review.hidden)
      .sort(newestFirst);
    const items = visible.slice(skipOf(request), skipOf(request) + request.pageSize);
    return { ...pageOf(items, visible.length, request), stars: starsOf(visible) };
  }

  /** The product the storefront shows by this id or slug; null when none. */
  shownProduct(by: { productId?: string | null; slug?: string | null }): ProductRecord | null {
    if (by.productId) {
      return isObjectIdString(by.productId)
        ? (this.catalogue.productById(by.productId) ?? null)
        : null;
    }
    return by.slug ? (this.catalogue.productBySlug(by.slug.toLowerCase()) ?? null) : null;
  }

  /**
   * Every review, newest first, or only the hidden or visible ones (the admin's list). Reads
   * the whole collection on the embedded engine: an admin's page, not a storefront's.
   */
  async list(request: PageRequest, hidden?: boolean): Promise<Page<ReviewRecord>> {
    const filter = hidden === undefined ? {} : { hidden };
    const [items, total] = await Promise.all([
      this.reviews
        .find(filter)
        .sort({ createdAt: -1, _id: 1 })
        .skip(skipOf(request))
        .limit(request.pageSize)
        .lean<ReviewRecord[]>(),
      this.reviews.countDocuments(filter),
    ]);
    return pageOf(items, total, request);
  }

  /** Hides or shows a review; the product's rating follows. */
  async setHidden(id: string, hidden: boolean): Promise<ReviewRecord> {
    const found = await this.reviews.findById(id).lean<ReviewRecord>();
    if (!found) throw notFound(REVIEW_RULES.notFound);
    return this.locks.run(String(found.product), async () => {
      await this.reviews.updateOne({ _id: id }, { $set: { hidden } });
      await this.summarise(found.product);
      const review = await this.reviews.findById(id).lean<ReviewRecord>();
      if (!review) throw notFound(REVIEW_RULES.notFound);
      return review;
    });
  }

  /**
   * The demo shop's reviews of a product (the seed's), unless the product has reviews already:
   * each keyed by the product and its reviewer's name, so writing them again adds nothing.
   */
  async seedDemo(
    productId: string,
    reviews: readonly DemoReview[],
    now = Date.now(),
  ): Promise<void> {
    const product = this.productOf(productId);
    await this.locks.run(String(product._id), async () => {
      if (await this.lists.findById(product._id).lean()) return;
      const documents = reviews.map((review) => {
        const shopper = keyedObjectId('demo-reviewer', review.author);
        const at = new Date(now - review.daysAgo * DAY_MS);
        return {
          _id: reviewIdOf(product._id, shopper),
          product: product._id,
          shopper,
          name: review.author,
          rating: review.rating,
          title: review.title,
          text: review.text,
          hidden: false,
          createdAt: at,
          updatedAt: at,
        };
      });
      await upsertRacing(() =>
        this.lists.updateOne(
          { _id: product._id },
          { $addToSet: { reviews: { $each: documents.map((review) => review._id) } } },
          { upsert: true },
        ),
      );
      await insertNew(this.reviews, documents);
      await this.summarise(product._id);
    });
  }

  /** Recent visible reviews of the product, newest first (the crawler's page). */
  async recentOf(productId: Types.ObjectId, count: number): Promise<ReviewRecord[]> {
    return (await this.allOf(productId))
      .filter((review) => !review.hidden)
      .sort(newestFirst)
      .slice(0, count);
  }

  /**
   * Works the product's rating out again from its reviews, as they are now (never counted up
   * or down, so writes at once cannot make it drift), and gives it to the catalogue.
   */
  private async summarise(productId: Types.ObjectId): Promise<void> {
    const visible = (await this.allOf(productId)).filter((review) => !review.hidden);
    await this.productWrites.setRating(String(productId), summaryOf(visible));
  }

  /** Every review of the product: its list, then each by `_id`. */
  private async allOf(productId: Types.ObjectId): Promise<ReviewRecord[]> {
    const list = await this.lists.findById(productId).lean<ProductReviews>();
    const found = await Promise.all(
      (list?.reviews ?? []).map((id) => this.reviews.findById(id).lean<ReviewRecord>()),
    );
    return found.filter((review): review is ReviewRecord => review !== null);
  }

  private productOf(productId: string): ProductRecord {
    const product = this.shownProduct({ productId });
    if (!product) throw badInput(NO_SUCH_PRODUCT);
    return product;
  }
}

/** "Asha Verma" as "Asha V.": enough to tell reviewers apart, no more. */
export function displayNameOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'A shopper';
  if (words.length === 1) return words[0];
  return `${words[0]} ${words[words.length - 1][0].toUpperCase()}.`;
}

function starsOf(reviews: readonly ReviewRecord[]): number[] {
  const stars = [0, 0, 0, 0, 0];
  for (const review of reviews) stars[review.rating - 1] += 1;
  return stars;
}

export function summaryOf(reviews: readonly ReviewRecord[]): RatingSummary {
  const count = reviews.length;
  const sum = reviews.reduce((total, review) => total + review.rating, 0);
  return {
    average: count === 0 ? 0 : Math.round((sum / count) * 10) / 10,
    count,
    stars: starsOf(reviews),
  };
}

const newestFirst = (a: ReviewRecord, b: ReviewRecord): number =>
  new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime() || (a._id < b._id ? -1 : 1);
