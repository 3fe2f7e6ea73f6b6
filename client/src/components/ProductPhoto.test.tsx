import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initialsOf, ProductPhoto } from './ProductPhoto';

const HASH = 'a'.repeat(64);
const srcSet = (extension: string) =>
  [320, 640].map((width) => `/photos/${HASH}-${width}.${extension} ${width}w`).join(', ');
const photo = {
  __typename: 'ProductPhoto' as const,
  width: 800,
  height: 600,
  src: `/photos/${HASH}-640.jpg`,
  sources: [
    { __typename: 'PhotoSource' as const, type: 'image/avif', srcSet: srcSet('avif') },
    { __typename: 'PhotoSource' as const, type: 'image/webp', srcSet: srcSet('webp') },
    { __typename: 'PhotoSource' as const, type: 'image/jpeg', srcSet: srcSet('jpg') },
  ],
};

describe('ProductPhoto', () => {
  it('offers AVIF then WebP as sources and the fallback on the img, sized to keep its box', () => {
    const { container } = render(
      <ProductPhoto product={{ photo, photoUrl: '/original' }} alt="Kettle" sizes="100vw" />,
    );
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual([
      'image/avif',
      'image/webp',
    ]);
    expect(sources.map((source) => source.getAttribute('srcset'))).toEqual([
      srcSet('avif'),
      srcSet('webp'),
    ]);
    expect(sources.every((source) => source.getAttribute('sizes') === '100vw')).toBe(true);
    const img = screen.getByRole('img', { name: 'Kettle' });
    expect(img.getAttribute('src')).toBe(photo.src);
    expect(img.getAttribute('srcset')).toBe(srcSet('jpg'));
    expect(img.getAttribute('width')).toBe('800');
    expect(img.getAttribute('height')).toBe('600');
  });

  it('loads lazily unless it is in the first screenful, which is fetched first', () => {
    render(
      <>
        <ProductPhoto product={{ photo }} alt="Below" sizes="100vw" />
        <ProductPhoto product={{ photo }} alt="Above" sizes="100vw" priority />
      </>,
    );
    const below = screen.getByRole('img', { name: 'Below' });
    const above = screen.getByRole('img', { name: 'Above' });
    expect(below.getAttribute('loading')).toBe('lazy');
    expect(above.getAttribute('loading')).toBe('eager');
    expect(above.getAttribute('fetchpriority')).toBe('high');
  });

  it('shows a photo not resized yet as uploaded, and initials where there is no photo', () => {
    const { container } = render(
      <>
        <ProductPhoto product={{ photo: null, photoUrl: '/original' }} alt="Old" sizes="1px" />
        <ProductPhoto
          product={{ photo: null, photoUrl: null }}
          alt="Brass diya, hand-cast"
          sizes="1px"
        />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Old' }).getAttribute('src')).toBe('/original');
    const placeholder = screen.getByRole('img', { name: 'Brass diya, hand-cast' });
    expect(placeholder.tagName).toBe('DIV');
    expect(placeholder).toHaveTextContent(/^BD$/);
    expect(container.querySelector('picture')).toBeNull();
  });

  it('takes initials from the first two words, in any script', () => {
    expect(initialsOf('steel kettle 1.5 L')).toBe('SK');
    expect(initialsOf('Kurta')).toBe('K');
    expect(initialsOf('  (New) redmi note ')).toBe('NR');
    expect(initialsOf('सूती कुर्ता')).toBe('सक');
  });
});
