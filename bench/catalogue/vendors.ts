import { BRAND_BY_NAME, mergeCoverage } from './brands.js';
import { mixSeed, Random } from './random.js';
import { DEPARTMENTS } from './taxonomy.js';
import type { VendorSeed } from './types.js';
import { AREA_CODES, VENDOR_LINES, VENDOR_NOTES, VENDOR_STATUS_OVERRIDES } from './vendors-data.js';

const DAY_MS = 86_400_000;

function domainOf(name: string): string {
  return `${name.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '')}.com`;
}

function phoneFor(country: string, state: string, rng: Random): string {
  if (country === 'United Kingdom') return `+44 23 80${rng.digits(2)} ${rng.digits(4)}`;
  if (country === 'France') return `+33 4 93 ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)}`;
  return `+1 (${AREA_CODES[state] ?? '555'}) 555-01${rng.digits(2)}`;
}

function taxIdFor(country: string, rng: Random): string {
  if (country === 'United Kingdom') return `GB${rng.digits(9)}`;
  if (country === 'France') return `FR${rng.digits(11)}`;
  if (country === 'Canada') return `${rng.digits(9)}RT0001`;
  return `${rng.int(10, 99)}-${rng.digits(7)}`;
}

function listText(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function makeVendors(seed: number, count: number, now: Date): VendorSeed[] {
  if (count < 1 || count > VENDOR_LINES.length) throw new Error(`vendors must be 1..${VENDOR_LINES.length}`);
  return VENDOR_LINES.slice(0, count).map((line, index) => {
    const rng = new Random(mixSeed(seed, index, 0x56454e44));
    const [name, street, city, state, postal, country, contact, terms, brandList] = line.split('|');
    const brands = brandList.split(',');
    const coverage = [
      ...mergeCoverage(
        brands.map((b) => {
          const brand = BRAND_BY_NAME.get(b);
          if (!brand) throw new Error(`Vendor ${name} carries unknown brand ${b}`);
          return brand;
        }),
      ),
    ].map(([department, groups]) => ({ department, groups: [...groups].sort((a, b) => a - b) }));
    const domain = domainOf(name);
    const createdMs = now.getTime() - rng.int(760, 1100) * DAY_MS - rng.int(0, DAY_MS - 1);
    const updatedMs = createdMs + rng.int(1, 700) * DAY_MS;
    const departmentNames = coverage.map((c) => DEPARTMENTS[c.department].name.toLowerCase());
    return {
      index,
      name,
      email: `${rng.pick(['orders', 'sales', 'info', 'dealers'])}@${domain}`,
      phone: phoneFor(country, state, rng),
      address: street,
      city,
      state,
      country,
      postal_code: postal,
      website: `https://www.${domain}`,
      contact_person: contact,
      tax_id: taxIdFor(country, rng),
      payment_terms: terms,
      status: VENDOR_STATUS_OVERRIDES[index] ?? 'active',
      description: `Distributor of ${listText(brands)} for the ${listText(departmentNames)} trade.`,
      notes: rng.chance(0.7) ? rng.pick(VENDOR_NOTES) : null,
      created_at: new Date(createdMs).toISOString(),
      updated_at: new Date(Math.min(updatedMs, now.getTime())).toISOString(),
      brands,
      coverage,
    };
  });
}
