import { Field, ID, ObjectType } from '@nestjs/graphql';
import { SameForEveryViewer } from '../../common/graphql/cache-hints';
import { largestPhotoUrl, PhotoLayout, photoSources } from '../photos/photo-variants';
import type { GalleryPhoto } from '../records/product.schema';
import { ProductPhotoType } from './product.types';

@ObjectType('GalleryPhoto', { description: "One of a product's photos, in the admin's order" })
@SameForEveryViewer()
export class GalleryPhotoType {
  @Field(() => ID, { description: "sha256 of the upload: the photo's identity on its product" })
  hash: string;

  @Field({ description: "Alt text; '' when the admin gave none (show the product's name)" })
  alt: string;

  @Field(() => ProductPhotoType, {
    nullable: true,
    description: "Null for a photo not resized yet: the first photo's photoUrl shows it then",
  })
  picture: ProductPhotoType | null;
}

/** A photo's <picture> as GraphQL gives it, or null before it is resized. */
export function pictureOf(hash: string, layout: PhotoLayout | null): ProductPhotoType | null {
  if (!layout) return null;
  return {
    width: layout.width,
    height: layout.height,
    src: largestPhotoUrl(hash, layout),
    sources: photoSources(hash, layout),
  };
}

export const galleryPhotoType = ({ hash, alt, layout }: GalleryPhoto): GalleryPhotoType => ({
  hash,
  alt,
  picture: pictureOf(hash, layout),
});
