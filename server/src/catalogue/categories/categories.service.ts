import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { Catalogue } from '../read-model/catalogue';
import { ChangeLog } from '../../changes';
import { toObjectId } from '../../common/object-id';
import { badInput, conflict, notFound } from '../../common/shop-error';
import { optionalTextOf, slugify } from '../../common/text';
import { controlCharactersIn, holdsControlCharacters } from '../../shared/rules';
import { Product } from '../records/product.schema';
import { Category, CategoryRecord } from '../records/category.schema';

@Injectable()
export class CategoriesService {
  constructor(
    @InjectModel(Category.name) private readonly categories: Model<Category>,
    @InjectModel(Product.name) private readonly products: Model<Product>,
    private readonly catalogue: Catalogue,
    private readonly changes: ChangeLog,
  ) {}

  /** Alphabetical, as menus and filters show them. */
  list(): readonly CategoryRecord[] {
    return this.catalogue.categoryList();
  }

  findBySlug(slug: string): CategoryRecord | null {
    return this.catalogue.categoryWithSlug(String(slug).toLowerCase()) ?? null;
  }

  findByIds(ids: readonly (string | Types.ObjectId)[]): CategoryRecord[] {
    return ids.flatMap((id) => this.catalogue.category(String(id)) ?? []);
  }

  /** Read from the database, so a product is never filed under a category just deleted. */
  async exists(id: string): Promise<boolean> {
    return (await this.categories.exists({ _id: toObjectId(id, 'category') })) !== null;
  }

  async create({ name, nameHi }: CategoryNames): Promise<CategoryRecord> {
    const slug = await this.freeSlug(name);
    // Its id chosen here, so that the change is announced before the category is written.
    const _id = new Types.ObjectId();
    const hindi = hindiNameOf(nameHi);
    return this.changes.recording('category', String(_id), async () =>
      (await this.categories.create({ _id, name: name.trim(), slug, ...hindi })).toObject(),
    );
  }

  /**
   * Renaming moves the slug with the name, so category links follow the new name. The Hindi
   * name left out stays as it is.
   */
  async rename(id: string, { name, nameHi }: CategoryNames): Promise<CategoryRecord> {
    const _id = toObjectId(id, 'category id');
    const slug = await this.freeSlug(name, _id);
    const set = { name: name.trim(), slug, ...hindiNameOf(nameHi) };
    const category = await this.changes.recording('category', id, () =>
      this.categories.findByIdAndUpdate(_id, { $set: set }, { returnDocument: 'after' }).lean(),
    );
    if (!category) throw notFound('Category not found');
    return category;
  }

  /** A category still holding products stays, so no product is left without one. */
  async delete(id: string): Promise<CategoryRecord> {
    const _id = toObjectId(id, 'category id');
    const category = await this.categories.findById(_id).lean();
    if (!category) throw notFound('Category not found');
    const inUse = await this.products.countDocuments({ category: _id });
    if (inUse > 0) {
      throw conflict(
        `${category.name} still has ${inUse} product${inUse === 1 ? '' : 's'}; move or delete them first`,
      );
    }
    await this.changes.recording('category', id, () => this.categories.deleteOne({ _id }));
    return category;
  }

  private async freeSlug(name: string, except?: Types.ObjectId): Promise<string> {
    if (!name.trim()) throw badInput('Name is required');
    if (holdsControlCharacters(name)) throw badInput(controlCharactersIn('name'));
    const slug = slugify(name);
    const taken = await this.categories.findOne({ slug }).lean();
    if (taken && !(except && taken._id.equals(except))) {
      throw conflict(`Category ${taken.name} already exists`);
    }
    return slug;
  }
}

/** A category's names: English, which its slug is made from, and Hindi ('' or null: none). */
export interface CategoryNames {
  name: string;
  nameHi?: string | null;
}

/** The Hindi name to store, checked, a blank as null; nothing when it was left out. */
function hindiNameOf(nameHi: string | null | undefined): { nameHi?: string | null } {
  return nameHi === undefined ? {} : { nameHi: optionalTextOf(nameHi, 'nameHi') };
}
