import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { BannerLinkKind } from '../../gql/graphql';
import { useHomeBannersQuery } from '../../gql/hooks';
import { categoryPath, collectionPath, couponPath, searchPath } from '../../lib/routes';

/*
 * The home page's banners, as the admin set them: each a heading, its text and a link (its
 * button) in the banner's own colours, which the server holds to a readable contrast. Plain
 * elements and inline styles, in a chunk of their own: the home page's first download stays
 * small. In a row that scrolls
 * sideways where it does not fit, so on a phone the banners take one short row above the
 * products rather than pushing them down.
 */

/** Where a home banner's button leads, by its link's kind. */
function bannerPath(
  bannerId: string,
  link: {
    kind: BannerLinkKind;
    category?: string | null;
    search?: string | null;
    coupon?: string | null;
  },
): string {
  switch (link.kind) {
    case 'CATEGORY':
      return categoryPath(link.category ?? '');
    case 'SEARCH':
      return searchPath(link.search ?? '');
    case 'PRODUCTS':
      return collectionPath(bannerId);
    case 'COUPON':
      return couponPath(link.coupon ?? '');
  }
}

const ROW = {
  display: 'flex',
  gap: 12,
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  listStyle: 'none',
  margin: '0 0 16px',
  padding: '0 0 4px',
} as const;

export default function HomeBanners() {
  const { t } = useLingui();
  const { data } = useHomeBannersQuery();
  const banners = data?.homeBanners ?? [];
  if (banners.length === 0) return null;
  return (
    <section aria-label={t`Offers`}>
      <ul style={ROW} data-testid="home-banners">
        {banners.map((banner) => (
          <li
            key={banner.id}
            style={{
              flex: '1 0 15rem',
              scrollSnapAlign: 'start',
              background: banner.background,
              color: banner.textColour,
              borderRadius: 12,
              padding: '12px 16px',
            }}
          >
            <h2 id={`banner-${banner.id}`} style={{ margin: 0, fontSize: '1.25rem' }}>
              {banner.title}
            </h2>
            {banner.text && <p style={{ margin: '4px 0 0', fontSize: '0.9rem' }}>{banner.text}</p>}
            <Link
              to={bannerPath(banner.id, banner.link)}
              aria-describedby={`banner-${banner.id}`}
              style={{
                display: 'inline-block',
                marginTop: 8,
                padding: '4px 14px',
                border: '2px solid currentColor',
                borderRadius: 6,
                color: 'inherit',
                fontWeight: 700,
                textDecoration: 'none',
              }}
            >
              {banner.buttonLabel}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
