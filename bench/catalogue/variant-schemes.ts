import { SIZES, VARIANTS, type SizeSet, type SizeSetKey } from './vocabulary.js';
import type { ProductType } from './taxonomy.js';

/**
 * The attributes a variable product of each type varies by (issue 18): rope by Diameter × Length,
 * shackles by Size, antifouling by Colour × Volume, life jackets by Size × Colour, fenders by
 * Size × Colour, chain by Diameter × Length, and so on. A type without a scheme of its own varies
 * by its size set (Screen Size, Horsepower, Capacity...), and by colour when its variants are colours.
 * Values are in their natural order (small to large) where there is one: a variation's price follows it.
 */

export interface AttributeScheme {
  name: string;
  values: readonly string[];
  /** Sizes grow along the list (and so do prices); colours do not. */
  ordered: boolean;
  /** WooCommerce's 'global' attribute (a shop-wide taxonomy such as pa_colour) rather than a product's own. */
  global: boolean;
}

const attribute = (name: string, values: readonly string[], ordered = true, global = false): AttributeScheme => ({ name, values, ordered, global });

const COLOURS = ['White', 'Black', 'Navy', 'Blue', 'Red', 'Green', 'Grey', 'Yellow', 'Orange'];
const PAINT_COLOURS = ['Black', 'Blue', 'Dark Blue', 'Red', 'Green', 'Grey', 'White', 'Shadow Grey', 'Copper Red'];
const ROPE_DIAMETERS = ['1/4"', '5/16"', '3/8"', '7/16"', '1/2"', '9/16"', '5/8"', '3/4"', '7/8"', '1"'];
const ROPE_LENGTHS = ['15 ft', '25 ft', '35 ft', '50 ft', '75 ft', '100 ft', '150 ft', '200 ft', '300 ft', '600 ft'];
const PACKS = ['Single', '2-Pack', '4-Pack', '6-Pack', '10-Pack', '25-Pack'];
const VOLUMES = ['8 oz', '16 oz', '32 oz', '1 Gallon', '2.5 Gallon', '5 Gallon'];

/** By the type's category name (departments-*.ts). */
const SCHEMES: Record<string, readonly AttributeScheme[]> = {
  'Anchor Rope': [attribute('Diameter', ROPE_DIAMETERS), attribute('Length', ROPE_LENGTHS), attribute('Colour', ['White', 'Gold', 'Black'], false, true)],
  'Dock Lines': [attribute('Diameter', ROPE_DIAMETERS.slice(0, 8)), attribute('Length', ROPE_LENGTHS.slice(0, 7)), attribute('Colour', COLOURS.slice(0, 7), false, true)],
  'Sheets & Halyards': [attribute('Diameter', ['5 mm', '6 mm', '8 mm', '10 mm', '12 mm', '14 mm', '16 mm']), attribute('Length', ROPE_LENGTHS), attribute('Colour', COLOURS, false, true)],
  'Anchor Chain': [attribute('Diameter', ['3/16"', '1/4"', '5/16"', '3/8"', '7/16"', '1/2"']), attribute('Length', ['25 ft', '50 ft', '75 ft', '100 ft', '150 ft', '200 ft', '300 ft'])],
  Shackles: [attribute('Size', ['1/8"', '5/32"', '3/16"', '1/4"', '5/16"', '3/8"', '7/16"', '1/2"', '5/8"', '3/4"', '7/8"', '1"']), attribute('Pack', PACKS.slice(0, 4))],
  Turnbuckles: [attribute('Thread', ['1/4"', '5/16"', '3/8"', '7/16"', '1/2"', '5/8"', '3/4"']), attribute('Jaws', ['Jaw/Jaw', 'Jaw/Toggle', 'Toggle/Stud', 'Jaw/Swage'], false)],
  'Antifouling Paint': [attribute('Colour', PAINT_COLOURS, false, true), attribute('Volume', ['Quart', 'Gallon', '2 Gallon', '5 Gallon Pail'])],
  'Topside Enamel': [attribute('Colour', ['Bright White', 'Off White', 'Cream', 'Sea Blue', 'Flag Blue', 'Jade Green', 'Signal Red', 'Black', 'Grey'], false, true), attribute('Volume', ['Quart', 'Gallon'])],
  Varnish: [attribute('Volume', ['Half Pint', 'Pint', 'Quart', 'Gallon']), attribute('Sheen', ['Gloss', 'Satin', 'Matte'], false)],
  'Life Jackets': [attribute('Size', ['Infant', 'Child', 'Youth', 'Adult XS', 'Adult S', 'Adult M', 'Adult L', 'Adult XL', 'Adult 2XL', 'Adult 3XL']), attribute('Colour', ['Red', 'Orange', 'Yellow', 'Blue', 'Black', 'Grey'], false, true)],
  Fenders: [attribute('Size', ['4" x 12"', '4.5" x 16"', '5.5" x 20"', '6.5" x 23"', '8" x 20"', '8.5" x 27"', '10" x 28"', '12" x 34"']), attribute('Colour', ['White', 'Black', 'Navy', 'Royal Blue', 'Red', 'Grey', 'Burgundy'], false, true)],
  'Dock Bumpers': [attribute('Length', ['12"', '18"', '24"', '36"', '48"', '72"']), attribute('Colour', COLOURS.slice(0, 4), false, true)],
  'Marine Hose': [attribute('Inside Diameter', ['3/8"', '1/2"', '5/8"', '3/4"', '1"', '1-1/8"', '1-1/4"', '1-1/2"', '2"']), attribute('Length', ['Per Foot', '10 ft', '25 ft', '50 ft', '100 ft'])],
  'Fuel Lines': [attribute('Inside Diameter', ['1/4"', '5/16"', '3/8"', '1/2"']), attribute('Length', ['6 ft', '8 ft', '10 ft', '12 ft'])],
  'Marine Wire': [attribute('Gauge', ['18 AWG', '16 AWG', '14 AWG', '12 AWG', '10 AWG', '8 AWG', '6 AWG', '4 AWG', '2 AWG', '1/0 AWG', '2/0 AWG', '4/0 AWG']), attribute('Length', ['25 ft', '50 ft', '100 ft', '250 ft', '500 ft']), attribute('Colour', ['Red', 'Black', 'Yellow', 'Green', 'White', 'Brown', 'Blue'], false, true)],
  'Terminals & Connectors': [attribute('Gauge', ['22-18 AWG', '16-14 AWG', '12-10 AWG', '8 AWG', '6 AWG', '4 AWG']), attribute('Pack', ['10-Pack', '25-Pack', '50-Pack', '100-Pack'])],
  'Fishing Line': [attribute('Test', ['6 lb', '8 lb', '10 lb', '15 lb', '20 lb', '30 lb', '40 lb', '50 lb', '65 lb', '80 lb', '100 lb']), attribute('Spool', ['150 yd', '300 yd', '500 yd', '1000 yd', '3000 yd']), attribute('Colour', ['Clear', 'Hi-Vis Yellow', 'Moss Green', 'Blue'], false, true)],
  Hooks: [attribute('Size', ['6', '4', '2', '1', '1/0', '2/0', '3/0', '4/0', '5/0', '6/0', '7/0', '8/0', '10/0']), attribute('Pack', ['5-Pack', '10-Pack', '25-Pack', '100-Pack'])],
  Lures: [attribute('Colour', ['Pink Squid', 'Blue Mackerel', 'Chartreuse', 'Purple Haze', 'Green Machine', 'Black Purple', 'Sardine', 'Glow'], false, true), attribute('Length', ['3"', '4"', '5"', '6"', '7"', '9"', '12"'])],
  'Sanding Discs': [attribute('Grit', ['40', '60', '80', '100', '120', '150', '180', '220', '320', '400']), attribute('Pack', PACKS.slice(2))],
  'Brushes & Rollers': [attribute('Width', ['1"', '1.5"', '2"', '2.5"', '3"', '4"', '7"', '9"']), attribute('Pack', PACKS.slice(0, 4))],
  'Bow & Stern Cleats': [attribute('Length', ['4"', '4.5"', '6"', '8"', '10"', '12"', '15"'])],
  'Dock Cleats': [attribute('Length', ['6"', '8"', '10"', '12"', '15"']), attribute('Finish', ['Galvanized', 'Stainless', 'Black Nylon', 'White Nylon'], false)],
  'Tie-Down Straps': [attribute('Length', ['2 ft', '4 ft', '6 ft', '8 ft', '10 ft', '14 ft', '20 ft']), attribute('Width', ['1"', '2"', '3"'])],
  'Sealants & Adhesives': [attribute('Colour', ['White', 'Black', 'Mahogany', 'Grey', 'Clear'], false, true), attribute('Size', ['3 oz Tube', '10 oz Cartridge'])],
  'Hull Cleaners': [attribute('Volume', VOLUMES)],
  'Polish & Wax': [attribute('Volume', VOLUMES)],
  'Teak Care': [attribute('Volume', VOLUMES)],
  'Lubricants & Oil': [attribute('Volume', ['Quart', 'Gallon', '2.5 Gallon', '5 Gallon']), attribute('Pack', ['Single', '6-Pack', '12-Pack'])],
  Impellers: [attribute('Fits', ['Yamaha 2-6 HP', 'Yamaha 8-25 HP', 'Mercury 40-60 HP', 'Mercury 75-125 HP', 'Johnson 90-300 HP', 'Volvo Penta D1/D2'], false)],
  'Spark Plugs': [attribute('Heat Range', ['5', '6', '7', '8', '9']), attribute('Pack', ['Single', '4-Pack', '6-Pack'])],
};

/** What a type's size set measures, as an attribute name. */
const SIZE_ATTRIBUTE: Partial<Record<SizeSetKey, string>> = {
  screen: 'Screen Size', inchLarge: 'Length', handleSize: 'Length', network: 'Network', transducerPower: 'Power',
  radarRange: 'Range', boatLength: 'Boat Length', radioPower: 'Power', antennaLength: 'Length', zones: 'Zones',
  pack: 'Pack', tubeDia: 'Tube Diameter', gph: 'Flow', gpm: 'Flow', amps: 'Current', tankGal: 'Capacity',
  hoseDia: 'Inside Diameter', bowl: 'Bowl', anchorWeight: 'Weight', hp: 'Horsepower', thrust: 'Thrust',
  propSize: 'Diameter x Pitch', micron: 'Rating', volumeSmall: 'Volume', volumePaint: 'Volume', epoxySize: 'Kit Size',
  cableLength: 'Length', ring: 'Diameter', extinguisherSize: 'Capacity', crew: 'Crew', beaconOptions: 'Options',
  tetherLength: 'Length', blockSize: 'Sheave Size', handleLength: 'Length', shackle: 'Pin Size', batteryAh: 'Capacity',
  watts: 'Power', solarWatts: 'Power', circuits: 'Circuits', awg: 'Gauge', navLight: 'Vessel Size', lumens: 'Output',
  trailerWidth: 'Trailer Width', trailerLoad: 'Capacity', strapLength: 'Length', ball: 'Ball Size', axle: 'Spindle',
  rodLength: 'Length', lineTest: 'Test', rodHolderAngle: 'Angle', poleLength: 'Length', coolerQt: 'Capacity', boomLength: 'Boom Length',
};

/** Every spec text a size set can give, smallest first (what sizeSpec in products.ts picks one of). */
function sizeValues(sizes: SizeSet): string[] {
  const values: string[] = [];
  for (const bucket of sizes.buckets) {
    if (Array.isArray(bucket[1])) {
      values.push(...(bucket[1] as readonly string[]));
      continue;
    }
    const [, lo, hi, step = 1] = bucket as readonly [string, number, number, number?];
    for (let k = 0; k <= Math.round((hi - lo) / step); k++) {
      const text = String(Math.round((lo + k * step) * 100) / 100).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
      values.push((sizes.format ?? '#').replace('#', text));
    }
  }
  return [...new Set(values)];
}

const fallbacks = new Map<ProductType, readonly AttributeScheme[]>();

/** The attributes (first the main one) a variable product of this type may vary by. */
export function schemeFor(type: ProductType): readonly AttributeScheme[] {
  const own = SCHEMES[type.name];
  if (own?.length) return own;
  let scheme = fallbacks.get(type);
  if (!scheme) {
    const sizeKey = (Object.keys(SIZES) as SizeSetKey[]).find((key) => SIZES[key] === type.sizes);
    const main = attribute((sizeKey && SIZE_ATTRIBUTE[sizeKey]) ?? 'Size', sizeValues(type.sizes));
    const colours = type.variants === VARIANTS.colour || type.variants === VARIANTS.lightColour;
    scheme = colours ? [main, attribute('Colour', type.variants, false, true)] : [main];
    fallbacks.set(type, scheme);
  }
  return scheme;
}
