import { Types } from 'mongoose';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { startOfShopDay, shopDay } from '../../src/common/shop-days';
import { TaxDocuments } from '../../src/invoices';
import {
  checkout,
  DECLINED_CARD,
  newProduct,
  newShopper,
  updateProduct,
} from '../support/fixtures';
import { gql, gqlOk } from '../support/gql';
import { Session, TestApp, useTestShop } from '../support/test-app';

/**
 * GST on orders, and the tax invoices and credit notes they owe, on the demo shop: registered in
 * Rajasthan (08), so a Jaipur delivery is taxed CGST and SGST, a Mumbai one IGST. Each order's
 * tax is worked out once, at checkout, and kept; invoices are numbered per financial year with
 * no gap and never twice, across two instances; PDFs are read back as text.
 */

const SET_CLASSES = `mutation ($c: [TaxClassInput!]!) { setTaxClasses(classes: $c) { code } }`;
const JAIPUR = '302001';
const MUMBAI = '400001';
const CHANDIGARH = '160017';

interface LineTax {
  hsn: string | null;
  rate: number;
  taxable: number;
  cgst: number;
  sgst: number;
  utgst: number;
  igst: number;
}
interface StoredOrder {
  _id: Types.ObjectId;
  total: number;
  lines: { price: number; quantity: number; discount: number; tax?: LineTax }[];
  tax?: { supply: string; placeOfSupply: { code: string }; totals: LineTax; amount: number };
}
interface StoredDocument {
  _id: string;
  kind: string;
  number: string;
  serial: number;
  financialYear: string;
  refersTo: { number: string } | null;
  lines: (LineTax & { total: number })[];
  totals: LineTax & { total: number };
}

const taxOf = (split: LineTax) => split.cgst + split.sgst + split.utgst + split.igst;

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
  const pages: string[] = [];
  for (let at = 1; at <= pdf.numPages; at += 1) {
    const content = await (await pdf.getPage(at)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n');
}

describe('GST on orders, tax invoices and credit notes', () => {
  const shop = useTestShop({ seed: true });
  const second = useTestShop({ sharing: shop });

  const order = (id: string) =>
    shop.connection.collection<StoredOrder>('orders').findOne({ _id: new Types.ObjectId(id) });
  const documents = () =>
    shop.connection.collection<StoredDocument>('tax_documents').find().toArray();

  const taxed = async (fields: Record<string, unknown> = {}) =>
    newProduct(shop, shop.admin, { price: 1180, hsn: '8518', taxClass: 'standard', ...fields });

  const placed = async (
    test: TestApp,
    session: Session,
    lines: unknown[],
    extra: Record<string, unknown> = {},
  ) => {
    const response = await checkout(test, session, lines, extra);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.order as { _id: string; number: string; total: number };
  };

  it('splits a sale within Rajasthan into CGST and SGST, and one to Maharashtra into IGST', async () => {
    const lamp = await taxed();
    const within = await placed(shop, shop.shopper, [{ productId: lamp._id, quantity: 1 }], {
      deliveryPin: JAIPUR,
    });
    const stored = (await order(within._id))!;
    expect(stored.tax).toMatchObject({ supply: 'intra-state', placeOfSupply: { code: '08' } });
    expect(stored.lines[0].tax).toEqual({
      hsn: '8518',
      rate: 18,
      taxable: 1_000_00,
      cgst: 90_00,
      sgst: 90_00,
      utgst: 0,
      igst: 0,
    });

    const across = await placed(shop, shop.shopper, [{ productId: lamp._id, quantity: 2 }], {
      deliveryPin: MUMBAI,
    });
    const inter = (await order(across._id))!;
    expect(inter.tax).toMatchObject({ supply: 'inter-state', placeOfSupply: { code: '27' } });
    expect(inter.lines[0].tax).toMatchObject({ taxable: 2_000_00, igst: 360_00, cgst: 0, sgst: 0 });
    // REST answers the same in rupees, GraphQL too.
    const rest = await shop.http().get('/api/v1/auth/orders').set(shop.shopper.auth).expect(200);
    const listed = (rest.body as { _id: string; tax: { amount: number } }[]).find(
      (one) => one._id === across._id,
    );
    expect(listed?.tax.amount).toBe(360);
    const graph = await gqlOk<{ order: { tax: { amount: number; supply: string } } }>(
      shop,
      `query ($number: String!) { order(number: $number) { tax { amount supply } lines { tax { igst rate } } } }`,
      { number: across.number },
      shop.shopper,
    );
    expect(graph.order.tax).toEqual({ amount: 360, supply: 'inter-state' });
  });

  it('adds up, line by line and in all, to what was paid, shipping and discounts included', async () => {
    const [lamp, shirt, book] = await Promise.all([
      taxed({ price: 333.33 }),
      taxed({ price: 1999, hsn: '6109', taxClass: 'apparel' }),
      taxed({ price: 250, hsn: '4901', taxClass: 'nil' }),
    ]);
    const made = await placed(
      shop,
      shop.shopper,
      [
        { productId: lamp._id, quantity: 3 },
        { productId: shirt._id, quantity: 1 },
        { productId: book._id, quantity: 2 },
      ],
      { deliveryPin: JAIPUR },
    );
    const stored = (await order(made._id))!;
    const rates = stored.lines.map((line) => line.tax!.rate);
    expect(rates).toEqual([18, 5, 0]);
    for (const line of stored.lines) {
      expect(line.tax!.taxable + taxOf(line.tax!)).toBe(line.price * line.quantity - line.discount);
      expect(line.tax!.cgst).toBe(line.tax!.sgst);
    }
    expect(stored.tax!.totals.taxable + stored.tax!.amount).toBe(stored.total);
  });

  it('taxes clothing at 5% up to Rs 2,500 a piece before tax and 18% above', async () => {
    const [below, above] = await Promise.all([
      taxed({ price: 2625, hsn: '6205', taxClass: 'apparel' }),
      taxed({ price: 2626, hsn: '6205', taxClass: 'apparel' }),
    ]);
    const made = await placed(
      shop,
      shop.shopper,
      [
        { productId: below._id, quantity: 1 },
        { productId: above._id, quantity: 1 },
      ],
      { deliveryPin: MUMBAI },
    );
    const stored = (await order(made._id))!;
    expect(stored.lines.map((line) => [line.price, line.tax!.rate])).toEqual([
      [2625_00, 5],
      [2626_00, 18],
    ]);
  });

  it('applies a rate change dated tomorrow to no order placed today, and changes no order placed', async () => {
    const lamp = await taxed();
    const before = await placed(shop, shop.shopper, [{ productId: lamp._id, quantity: 1 }]);
    const tomorrow = shopDay(Date.now() + 86_400_000);
    const { taxClasses } = await gqlOk<{ taxClasses: unknown[] }>(
      shop,
      `{ taxClasses { code name schedules { from bands { upTo rate } } } }`,
      {},
      shop.admin,
    );
    const changed = (taxClasses as { code: string; schedules: unknown[] }[]).map((one) =>
      one.code === 'standard'
        ? {
            ...one,
            schedules: [...one.schedules, { from: tomorrow, bands: [{ upTo: null, rate: 12 }] }],
          }
        : one,
    );
    await gqlOk(shop, SET_CLASSES, { c: changed }, shop.admin);
    try {
      const after = await placed(shop, shop.shopper, [{ productId: lamp._id, quantity: 1 }]);
      expect((await order(after._id))!.lines[0].tax!.rate).toBe(18);
      expect((await order(before._id))!.lines[0].tax).toMatchObject({ rate: 18, cgst: 90_00 });
    } finally {
      await gqlOk(shop, SET_CLASSES, { c: taxClasses }, shop.admin);
    }
  });

  it('uses CGST and UTGST in a union territory without a legislature', async () => {
    const settings = { stateCode: '04', gstin: '04AABCB1234M1Z' };
    const docs = shop.app.get(TaxDocuments);
    expect(docs).toBeDefined();
    const { gstinCheckCharacter } = await import('../../src/shared/gstin');
    const gstin = settings.gstin + gstinCheckCharacter(settings.gstin);
    const save = `mutation ($input: TaxSettingsInput!) { updateTaxSettings(input: $input) { stateCode gstin } }`;
    await gqlOk(shop, save, { input: { gstin: '', stateCode: '04' } }, shop.admin);
    await gqlOk(shop, save, { input: { gstin } }, shop.admin);
    try {
      const lamp = await taxed({ price: 525, taxClass: 'reduced' });
      const made = await placed(shop, shop.shopper, [{ productId: lamp._id, quantity: 1 }], {
        deliveryPin: CHANDIGARH,
      });
      expect((await order(made._id))!.lines[0].tax).toMatchObject({
        taxable: 500_00,
        cgst: 12_50,
        utgst: 12_50,
        sgst: 0,
        igst: 0,
      });
    } finally {
      await gqlOk(shop, save, { input: { gstin: '' } }, shop.admin);
      await gqlOk(shop, save, { input: { stateCode: '08', gstin: '08AABCB1234M1ZT' } }, shop.admin);
    }
  });

  it('numbers invoices 1, 2, 3… without a gap or a repeat under 50 paid checkouts on two instances, a declined one taking none', async () => {
    const lamp = await taxed({ quantity: 200 });
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => newShopper(shop)));
    const declined = await checkout(shop, shoppers[0], [{ productId: lamp._id, quantity: 1 }], {
      card: DECLINED_CARD,
    });
    expect(declined.status).toBeGreaterThanOrEqual(400);
    const made = await Promise.all(
      Array.from({ length: 50 }, (_, at) =>
        placed(at % 2 ? second : shop, shoppers[at % 10], [{ productId: lamp._id, quantity: 1 }]),
      ),
    );
    const invoices = (await documents()).filter((one) => one.kind === 'invoice');
    const serials = invoices.map((one) => one.serial).sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: serials.length }, (_, at) => at + 1));
    expect(new Set(invoices.map((one) => one.number)).size).toBe(invoices.length);
    const ours = invoices.filter((one) =>
      made.some(
        (placedOrder) =>
          placedOrder.number === (one as unknown as { orderNumber: string }).orderNumber,
      ),
    );
    expect(ours).toHaveLength(50);
    expect(
      invoices.every((one) => one.number.length <= 16 && /^[A-Z0-9/-]+$/.test(one.number)),
    ).toBe(true);
  }, 120_000);

  it('starts each series again in April, and issues once per purpose', async () => {
    const docs = shop.app.get(TaxDocuments);
    const build = () => ({
      kind: 'invoice' as const,
      orderId: 'x',
      orderNumber: 'BZ-000001',
      orderedAt: new Date(),
      refersTo: null,
      supplier: {
        name: 'S',
        address: [],
        state: { code: '08', name: 'Rajasthan' },
        gstin: '08AABCB1234M1ZT',
      },
      recipient: { name: 'R', address: [], state: { code: '08', name: 'Rajasthan' }, gstin: null },
      placeOfSupply: { code: '08', name: 'Rajasthan' },
      reverseCharge: false,
      lines: [],
      totals: { taxable: 0, cgst: 0, sgst: 0, utgst: 0, igst: 0, total: 0 },
    });
    const issue = (key: string, day: string) =>
      docs.issue(
        {
          key,
          kind: 'invoice',
          buyer: new Types.ObjectId(),
          orderId: new Types.ObjectId().toHexString(),
          build,
          numberOf: (year, serial) => `T/${year.replace('-', '').slice(2)}/${serial}`,
        },
        new Date(startOfShopDay(day) + 3_600_000),
      );
    const march = await issue('test:march', '2031-03-31');
    const april = await issue('test:april', '2031-04-01');
    const again = await issue('test:april', '2031-04-02');
    expect([march!.financialYear, march!.serial]).toEqual(['2030-31', 1]);
    expect([april!.financialYear, april!.serial, april!.number]).toEqual([
      '2031-32',
      1,
      'T/3132/1',
    ]);
    expect(again!._id).toBe(april!._id);
  });

  it('lets the buyer and the admin download the invoice PDF, with the GSTIN, number, HSN and taxes, and no one else', async () => {
    const lamp = await taxed();
    const made = await placed(shop, shop.shopper, [{ productId: lamp._id, quantity: 1 }], {
      deliveryPin: JAIPUR,
    });
    const listed = await shop
      .http()
      .get(`/api/v1/tax-documents?order=${made._id}`)
      .set(shop.shopper.auth)
      .expect(200);
    const [invoice] = listed.body.documents as { number: string; pdfUrl: string; kind: string }[];
    expect(invoice.kind).toBe('invoice');
    const download = await shop
      .http()
      .get(invoice.pdfUrl)
      .set(shop.shopper.auth)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(download.body as Buffer);
    for (const shown of [
      '08AABCB1234M1ZT',
      invoice.number,
      '8518',
      '1,000.00',
      '90.00',
      made.number,
    ]) {
      expect(text).toContain(shown);
    }
    const admin = await shop.http().get(invoice.pdfUrl).set(shop.admin.auth);
    expect(admin.status).toBe(200);
    const stranger = await newShopper(shop);
    const refused = await shop.http().get(invoice.pdfUrl).set(stranger.auth);
    expect(refused.status).toBe(404);
    const graph = await gqlOk<{ order: { taxDocuments: { number: string }[] } }>(
      shop,
      `query ($number: String!) { order(number: $number) { taxDocuments { number kind pdfUrl } } }`,
      { number: made.number },
      shop.shopper,
    );
    expect(graph.order.taxDocuments.map((one) => one.number)).toEqual([invoice.number]);
  });

  it('issues a credit note for the whole of a paid order cancelled after its invoice', async () => {
    const lamp = await taxed();
    const made = await placed(shop, shop.shopper, [{ productId: lamp._id, quantity: 2 }], {
      deliveryPin: MUMBAI,
    });
    await shop
      .http()
      .put(`/api/v1/auth/order-status/${made._id}`)
      .set(shop.admin.auth)
      .send({ status: 'Cancelled' })
      .expect(200);
    const ofOrder = (await documents()).filter(
      (one) => (one as unknown as { orderId: string }).orderId === made._id,
    );
    const invoice = ofOrder.find((one) => one.kind === 'invoice')!;
    const note = ofOrder.find((one) => one.kind === 'credit-note')!;
    expect(note.refersTo?.number).toBe(invoice.number);
    expect(note.number).toMatch(/^BZ\/C\d{4}\/\d{5}$/);
    expect(note.totals).toEqual(invoice.totals);
  });

  it('exports the month as GSTR-1 files whose totals are the invoices less the credit notes', async () => {
    const month = shopDay(Date.now()).slice(0, 7);
    const totals = await shop
      .http()
      .get(`/api/v1/tax-documents/returns/${month}/totals.csv`)
      .set(shop.admin.auth)
      .expect(200);
    const rows: Record<string, string>[] = parse(totals.text, { columns: true });
    expect(rows.length).toBeGreaterThan(0);
    const all = await documents();
    const net = (key: 'taxable' | 'igst' | 'cgst') =>
      all.reduce((sum, one) => sum + (one.kind === 'invoice' ? 1 : -1) * one.totals[key], 0);
    const b2cs = await shop
      .http()
      .get(`/api/v1/tax-documents/returns/${month}/b2cs.csv`)
      .set(shop.admin.auth)
      .expect(200);
    const b2csRows: Record<string, string>[] = parse(b2cs.text, { columns: true });
    const taxable = b2csRows.reduce(
      (sum, row) => sum + Math.round(Number(row['Taxable Value']) * 100),
      0,
    );
    expect(taxable).toBe(net('taxable'));
    expect(net('igst')).toBeGreaterThan(0);
    expect(net('cgst')).toBeGreaterThan(0);
    const shopper = await shop
      .http()
      .get(`/api/v1/tax-documents/returns/${month}/b2cs.csv`)
      .set(shop.shopper.auth);
    expect(shopper.status).toBe(403);
    const bad = await shop
      .http()
      .get(`/api/v1/tax-documents/returns/2026-13/b2cs.csv`)
      .set(shop.admin.auth);
    expect([bad.status, bad.body.message]).toEqual([400, 'month: A month is written YYYY-MM']);
  });

  it('refuses a GSTIN with a wrong check character, naming the field, on both APIs, and changes nothing', async () => {
    const rest = await shop
      .http()
      .put('/api/v1/settings/tax')
      .set(shop.admin.auth)
      .send({ gstin: '08AABCB1234M1ZA' });
    expect(rest.status).toBe(400);
    expect(rest.body.message).toMatch(/^gstin: /);
    const graph = await gql(
      shop,
      `mutation { updateTaxSettings(input: { gstin: "08AABCB1234M1ZA" }) { gstin } }`,
      {},
      shop.admin,
    );
    expect(graph.errors?.[0].message).toBe(rest.body.message);
    const kept = await shop.http().get('/api/v1/settings/tax').set(shop.admin.auth).expect(200);
    expect(kept.body.settings).toMatchObject({ gstin: '08AABCB1234M1ZT', missing: [] });
  });

  it('keeps a product’s HSN code and tax class, refusing a malformed code or an unknown class', async () => {
    const lamp = await taxed();
    const changed = await updateProduct(shop, shop.admin, lamp._id, {
      hsn: '94054090',
      taxClass: 'reduced',
    });
    expect(changed).toMatchObject({ hsn: '94054090', taxClass: 'reduced' });
    for (const [changes, message] of [
      [{ hsn: '94O5' }, 'hsn: HSN code must be 4, 6 or 8 digits'],
      [{ taxClass: 'luxury' }, 'taxClass: Tax class must be one of the shop’s tax classes'],
    ] as const) {
      const response = await shop
        .http()
        .put(`/api/v1/product/update-product/${lamp._id}`)
        .set(shop.admin.auth)
        .send(changes);
      expect([response.status, response.body.message]).toEqual([400, message]);
    }
    const cleared = await updateProduct(shop, shop.admin, lamp._id, { hsn: '', taxClass: '' });
    expect(cleared).toMatchObject({ hsn: null, taxClass: null });
  });

  it('issues a B2B invoice in a business buyer’s GSTIN, listed in the month’s B2B table; refuses a mistyped one and places nothing', async () => {
    const lamp = await taxed();
    const buyer = await newShopper(shop);
    const refused = await checkout(shop, buyer, [{ productId: lamp._id, quantity: 1 }], {
      buyerGstin: '27AAPFU0939F1ZA',
    });
    expect([refused.status, refused.body.message]).toEqual([
      400,
      'buyerGstin: GSTIN check character does not match: please check for a typo',
    ]);
    expect(
      await shop.connection
        .collection('orders')
        .countDocuments({ buyer: new Types.ObjectId(buyer.userId) }),
    ).toBe(0);
    const made = await placed(shop, buyer, [{ productId: lamp._id, quantity: 1 }], {
      buyerGstin: ' 27aapfu0939f1zv ',
      deliveryPin: MUMBAI,
    });
    const [invoice] = (await documents()).filter(
      (one) => (one as unknown as { orderId: string }).orderId === made._id,
    ) as (StoredDocument & { recipient: { gstin: string | null } })[];
    expect(invoice.recipient.gstin).toBe('27AAPFU0939F1ZV');
    const month = shopDay(Date.now()).slice(0, 7);
    const b2b = await shop
      .http()
      .get(`/api/v1/tax-documents/returns/${month}/b2b.csv`)
      .set(shop.admin.auth)
      .expect(200);
    expect(b2b.text).toContain('27AAPFU0939F1ZV');
    expect(b2b.text).toContain(invoice.number);
  });

  it('invoices an order paid in cash once it is sent, not before, billing what was sent with the fee', async () => {
    const lamp = await taxed({ quantity: 10 });
    const response = await checkout(shop, shop.shopper, [{ productId: lamp._id, quantity: 2 }], {
      method: 'cod',
      card: undefined,
      deliveryPin: JAIPUR,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const { _id } = response.body.order as { _id: string };
    const ofOrder = async () =>
      (await documents()).filter((one) => (one as unknown as { orderId: string }).orderId === _id);
    expect(await ofOrder()).toEqual([]);
    for (const status of ['Processing', 'Shipped']) {
      await shop
        .http()
        .put(`/api/v1/auth/order-status/${_id}`)
        .set(shop.admin.auth)
        .send({ status })
        .expect(200);
    }
    const [invoice] = await ofOrder();
    const stored = (await order(_id))!;
    expect(invoice.kind).toBe('invoice');
    expect(invoice.totals.total).toBe(stored.total);
    expect(invoice.totals.taxable + taxOf(invoice.totals)).toBe(stored.total);
  });

  it('imports and exports HSN codes and tax classes in the catalogue CSV, refusing bad ones by line and column', async () => {
    const lamp = await taxed({ hsn: '9405', taxClass: 'standard' });
    const { slug } = (await shop.connection
      .collection('products')
      .findOne({ _id: new Types.ObjectId(lamp._id) }))!;
    const exported = await shop
      .http()
      .get('/api/v1/product/export.csv')
      .set(shop.admin.auth)
      .buffer(true);
    const rows: string[][] = parse(exported.text, { bom: true });
    const [header] = rows;
    const line = rows.find((row) => row[0] === slug)!;
    expect([line[header.indexOf('hsn')], line[header.indexOf('taxclass')]]).toEqual([
      '9405',
      'standard',
    ]);
    const withCells = (hsn: string, taxClass: string) => {
      const edited = [...line];
      edited[header.indexOf('hsn')] = hsn;
      edited[header.indexOf('taxclass')] = taxClass;
      return [header, edited]
        .map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(','))
        .join('\n');
    };
    const upload = (file: string, path = 'import-preview') =>
      shop
        .http()
        .post(`/api/v1/product/${path}`)
        .set(shop.admin.auth)
        .attach('file', Buffer.from(file), { filename: 'products.csv', contentType: 'text/csv' });
    const refused = await upload(withCells('94O5', 'luxury'));
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(
      (refused.body.preview.errors as { field: string; message: string }[]).map((one) => [
        one.field,
        one.message,
      ]),
    ).toEqual([
      ['hsn', 'HSN code must be 4, 6 or 8 digits'],
      ['taxclass', 'Tax class must be one of the shop’s tax classes'],
    ]);
    const changed = await upload(withCells('94054090', 'reduced'));
    expect(changed.body.preview.rows[0].changes).toEqual([
      'hsn: 9405 -> 94054090',
      'taxClass: standard -> reduced',
    ]);
    // An empty cell clears one: written, not only previewed.
    const cleared = await upload(withCells('', 'reduced'), 'import');
    expect(cleared.body.result, JSON.stringify(cleared.body)).toMatchObject({
      updated: 1,
      errors: [],
    });
    const stored = (await shop.connection.collection('products').findOne({ slug }))!;
    expect([stored.hsn, stored.taxClass]).toEqual([null, 'reduced']);
  });
});
