import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import {
  ChooseLanguageDocument,
  type ChooseLanguageMutationVariables,
  LoginDocument,
} from '../gql/graphql';
import { firstLanguage, inShopWords, switchLanguage } from '../lib/i18n';
import { errorOf } from './field-errors';
import {
  meAlways,
  mockOf,
  product,
  products,
  recording,
  SHOPPER,
  storedAuth,
  storefrontMock,
} from './fixtures';
import { cartQuoteMock, cartStockMock, stock } from './order-fixtures';
import { renderWithShop } from './render';

const HOME = storefrontMock({ total: 2, items: products(1, 2) });
const main = () => within(screen.getByRole('main'));

describe('the storefront in Hindi', () => {
  it('a first visit follows the browser: Hindi for hi-IN or hi, else English; a choice wins', () => {
    expect(firstLanguage(['hi-IN', 'en-US'])).toBe('hi');
    expect(firstLanguage(['hi'])).toBe('hi');
    expect(firstLanguage(['en-GB', 'hi-IN'])).toBe('en');
    expect(firstLanguage(['ta-IN', 'fr'])).toBe('en');
    localStorage.setItem('language', '"en"');
    expect(firstLanguage(['hi-IN'])).toBe('en');
  });

  it('a link naming its language (?lang=hi) wins over the choice kept, without replacing it', () => {
    localStorage.setItem('language', '"en"');
    expect(firstLanguage(['en-IN'], '?lang=hi')).toBe('hi');
    expect(firstLanguage(['hi-IN'], '?q=kurta&lang=en')).toBe('en');
    // Not a language the shop speaks, or named twice: the choice kept.
    expect(firstLanguage(['hi-IN'], '?lang=fr')).toBe('en');
    expect(firstLanguage(['hi-IN'], '?lang=hi&lang=en')).toBe('en');
    expect(localStorage.getItem('language')).toBe('"en"');
  });

  it("the shopper's switch takes the link's language out of the address, so a reload keeps the choice", async () => {
    await switchLanguage('hi');
    const { router, user } = renderWithShop('/?lang=hi&q=kurta', { mocks: [HOME] });
    const footer = within(screen.getByRole('contentinfo'));
    await user.click(footer.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(router.state.location.search).toBe('?q=kurta');
    expect(firstLanguage(['hi-IN'], router.state.location.search)).toBe('en');
  });

  it('the header and the product cards speak Hindi, and <html lang> says so', async () => {
    await switchLanguage('hi');
    renderWithShop('/', { mocks: [HOME] });
    const header = within(screen.getByRole('banner'));
    expect(header.getAllByRole('link', { name: 'होम' })[0]).toBeInTheDocument();
    expect(header.getByRole('link', { name: /^कार्ट/ })).toBeInTheDocument();
    expect(await main().findAllByRole('link', { name: /पूरी जानकारी/ })).toHaveLength(2);
    expect(main().getAllByRole('button', { name: 'कार्ट में डालें' })).toHaveLength(2);
    expect(screen.queryByText('ADD TO CART')).toBeNull();
    expect(document.documentElement.lang).toBe('hi');
    expect(document.title).toBe('Bazaar - अभी ख़रीदें');
  });

  it('the cart and its checkout speak Hindi, amounts in Indian grouping', async () => {
    await switchLanguage('hi');
    const kettle = product(1, { name: 'Steel Kettle', price: 62500 });
    const { user } = renderWithShop('/cart', {
      auth: storedAuth(),
      cart: [kettle],
      mocks: [cartQuoteMock([stock(kettle)]), cartStockMock([stock(kettle)])],
    });
    expect(await main().findByRole('heading', { name: 'पेमेंट' })).toBeInTheDocument();
    expect((await main().findAllByText(/सामान/)).length).toBeGreaterThan(0);
    await user.click(main().getByRole('radio', { name: /^कार्ड/ }));
    expect(main().getByRole('button', { name: '₹62,500.00 का पेमेंट करें' })).toBeInTheDocument();
  });

  it("switching from the footer redraws the page in Hindi, kept in this browser and the account's", async () => {
    const chosen: ChooseLanguageMutationVariables[] = [];
    const { user } = renderWithShop('/', {
      auth: storedAuth(),
      mocks: [
        HOME,
        recording(
          ChooseLanguageDocument,
          { result: { data: { chooseLanguage: { id: SHOPPER.id } } } },
          chosen,
        ),
      ],
    });
    await main().findAllByRole('button', { name: 'ADD TO CART' });
    const footer = within(screen.getByRole('contentinfo'));
    await user.click(footer.getByRole('button', { name: 'हिन्दी' }));
    expect(await main().findAllByRole('button', { name: 'कार्ट में डालें' })).toHaveLength(2);
    expect(localStorage.getItem('language')).toBe('"hi"');
    expect(document.documentElement.lang).toBe('hi');
    await waitFor(() => expect(chosen).toEqual([{ language: 'hi' }]));
    // And back.
    await user.click(
      within(screen.getByRole('contentinfo')).getByRole('button', { name: 'English' }),
    );
    expect(await main().findAllByRole('button', { name: 'ADD TO CART' })).toHaveLength(2);
    expect(localStorage.getItem('language')).toBe('"en"');
  });

  it('a signed-in shopper whose account chose Hindi gets Hindi on this device too', async () => {
    // The home page asks again for what it shows when it is drawn again in Hindi.
    renderWithShop('/', { auth: storedAuth(), mocks: [HOME, HOME, meAlways(SHOPPER, 'hi')] });
    await waitFor(() => expect(localStorage.getItem('language')).toBe('"hi"'));
    expect(await main().findAllByRole('button', { name: 'कार्ट में डालें' })).toHaveLength(2);
  });

  it("shows the shop's Hindi names and descriptions on Hindi pages, its English where it gave none", async () => {
    const kulfi = product(1, { nameHi: 'केसर कुल्फ़ी', descriptionHi: 'ठंडी मिठाई, केसर के साथ' });
    const plain = product(2);
    const both = storefrontMock({ total: 2, items: [kulfi, plain] });
    await switchLanguage('hi');
    const { user } = renderWithShop('/', { mocks: [both] });
    expect(await main().findByText('केसर कुल्फ़ी')).toBeInTheDocument();
    expect(main().getByText(/^ठंडी मिठाई/)).toBeInTheDocument();
    expect(main().getByText('Product 2')).toBeInTheDocument();
    expect(main().queryByText('Product 1')).toBeNull();
    // The categories the shop named in Hindi, in the header's menu.
    await user.click(
      within(screen.getByRole('banner')).getAllByRole('button', { name: 'श्रेणियाँ' })[0],
    );
    expect(await screen.findByRole('menuitem', { name: 'इलेक्ट्रॉनिक्स' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Books' })).toBeInTheDocument();
  });

  it("the forms' rules and the server's refusals speak Hindi, by the reason the server gives", async () => {
    await switchLanguage('hi');
    const input = { email: 'asha@example.in', password: 'secret123' };
    const refused = mockOf(LoginDocument, {
      variables: { input },
      result: {
        errors: [
          // Words the client cannot read back: the reason alone says which refusal it is.
          new GraphQLError('Not signed in', {
            extensions: {
              code: 'UNAUTHENTICATED',
              reason: 'SIGN_IN_RULES.wrongCredentials',
              values: [],
            },
          }),
        ],
      },
    });
    const { user } = renderWithShop('/login', { mocks: [refused] });
    const login = main().getByRole('button', { name: 'लॉग इन करें' });
    await user.click(login);
    expect(errorOf(main().getByLabelText(/^ईमेल/))).toBe('अपना ई-मेल पता लिखें');
    expect(errorOf(main().getByLabelText(/^पासवर्ड/))).toBe('अपना पासवर्ड लिखें');

    await user.type(main().getByLabelText(/^ईमेल/), input.email);
    await user.type(main().getByLabelText(/^पासवर्ड/), input.password);
    await user.click(login);
    expect(await main().findByRole('alert')).toHaveTextContent('ई-मेल या पासवर्ड ग़लत है');
  });

  it('reads back words given without a reason, values and a field kept; other words stay', async () => {
    await switchLanguage('hi');
    expect(inShopWords('couponCode: You have already used FIRST100')).toBe(
      'couponCode: आप FIRST100 पहले ही इस्तेमाल कर चुके हैं',
    );
    expect(inShopWords('Only 2 of Steel Kettle left in stock')).toBe(
      'Steel Kettle के सिर्फ़ 2 स्टॉक में बचे हैं',
    );
    expect(inShopWords('Not available for PIN 560001')).toBe('पिन 560001 के लिए उपलब्ध नहीं');
    expect(inShopWords('Something the shop never says')).toBe('Something the shop never says');
    await switchLanguage('en');
    expect(inShopWords('The cart is empty')).toBe('The cart is empty');
  });

  it('English pages show the English names, whatever the shop wrote in Hindi', async () => {
    const kulfi = product(1, { nameHi: 'केसर कुल्फ़ी' });
    renderWithShop('/', { mocks: [storefrontMock({ total: 1, items: [kulfi] })] });
    expect(await main().findByText('Product 1')).toBeInTheDocument();
    expect(screen.queryByText('केसर कुल्फ़ी')).toBeNull();
  });
});
