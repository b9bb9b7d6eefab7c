import type { Brand } from './brands.js';
import type { Random } from './random.js';
import type { Department, ProductType } from './taxonomy.js';

/** Product names, short descriptions and HTML descriptions from a few combinable phrase lists. */

const USES = [
  'coastal cruising',
  'offshore fishing',
  'weekend day trips',
  'liveaboard life',
  'club racing',
  'bluewater passages',
  'freshwater lakes',
  'charter fleets',
  'center consoles and bay boats',
  'trailerable sailboats',
];

const INTROS = [
  'brings dependable performance to',
  'is a proven choice for',
  'is designed and tested for',
  'combines {brand} quality with honest value for',
  'is the upgrade many owners make for',
];

const CLOSINGS = [
  'Ships within one business day from our warehouse.',
  'Covered by the {brand} manufacturer warranty.',
  'Not sure which size fits your boat? Our counter staff will help you choose.',
  'Installation instructions and mounting hardware are included.',
  'Stocked in depth for the boating season.',
];

const MODEL_SUFFIXES = ['', '', 'xs', 'SV', 'Pro', 'ST', 'cv'];

export interface NameParts {
  brand: Brand;
  department: Department;
  type: ProductType;
  variant: string;
  spec: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function productName(parts: NameParts, rng: Random): string {
  const words = [parts.brand.name];
  if (parts.brand.series.length > 0 && rng.chance(0.7)) {
    let series = rng.pick(parts.brand.series);
    if (rng.chance(0.5)) series += ` ${rng.int(2, 99) * (rng.chance(0.5) ? 10 : 1)}${rng.pick(MODEL_SUFFIXES)}`;
    words.push(series);
  }
  words.push(parts.variant, parts.type.singular, parts.spec);
  return words.join(' ');
}

/** Lower-cases ordinary words but keeps acronyms and codes ('VHF', 'AIS', '12V') as they are. */
function lowerWords(text: string): string {
  return text
    .split(' ')
    .map((w) => (/^[A-Z][a-z]/.test(w) ? w.toLowerCase() : w))
    .join(' ');
}

export function shortDescription(parts: NameParts, rng: Random): string {
  const noun = lowerWords(parts.type.singular);
  const use = rng.pick(USES);
  switch (rng.int(0, 2)) {
    case 0:
      return `${parts.variant} ${noun} (${parts.spec}) from ${parts.brand.name}, built for ${use}.`;
    case 1:
      return `${parts.brand.name} ${parts.variant} ${noun}, ${parts.spec}. ${rng.pick(parts.department.features)}.`;
    default:
      return `${parts.variant} ${noun}, ${parts.spec}, for ${use}. ${rng.pick(parts.department.features)}.`;
  }
}

export function htmlDescription(name: string, parts: NameParts, rng: Random): string {
  const brand = parts.brand.name;
  const intro = rng.pick(INTROS).replace('{brand}', brand);
  const features = rng.shuffle(parts.department.features).slice(0, 3);
  const items = [...features, `${parts.type.singular}: ${parts.variant}, ${parts.spec}`];
  const closing = rng.pick(CLOSINGS).replace('{brand}', brand);
  return (
    `<p>The ${escapeHtml(name)} ${escapeHtml(intro)} ${rng.pick(USES)}.</p>` +
    `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` +
    `<p>${escapeHtml(closing)}</p>`
  );
}
