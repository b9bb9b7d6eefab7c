import { DEPARTMENT_INDEX, DEPARTMENTS } from './taxonomy.js';

/**
 * Brands: 'Name|SKU prefix|coverage|product series'. Coverage is a ';' list of department codes,
 * each optionally narrowed to one group ('EC:Lighting'): it decides which products a brand makes.
 * The series, when present, go into product names ('Garmin GPSMAP ...').
 */
const DEPARTMENT_CODES: Record<string, string> = {
  EL: 'Marine Electronics',
  DH: 'Deck Hardware',
  AD: 'Anchoring & Docking',
  PL: 'Plumbing',
  EN: 'Engine & Propulsion',
  SA: 'Safety',
  SH: 'Sailing Hardware',
  PM: 'Paint & Maintenance',
  EC: 'Electrical',
  TR: 'Trailering',
  FI: 'Fishing',
};

const BRAND_LINES = [
  'Garmin|GAR|EL|GPSMAP,ECHOMAP,Striker',
  'Lowrance|LOW|EL|HDS,Elite,Hook',
  'Raymarine|RAY|EL|Axiom,Element,Evolution',
  'Simrad|SIM|EL|NSS,GO,Cruise',
  'Humminbird|HUM|EL|Helix,Solix,Apex',
  'Furuno|FUR|EL|NavNet,TZtouch',
  'Standard Horizon|STH|EL:Communication|Explorer,Eclipse,Matrix',
  'Icom|ICM|EL:Communication|',
  'Fusion|FUS|EL:Marine Audio|Apollo,Signature',
  'Lewmar|LEW|DH:Hatches & Ports;AD:Anchors;AD:Windlasses;SH:Winches;SH:Blocks;SH:Sail Control|Evo,Pro-Series,Ocean',
  'Perko|PRK|DH;EC:Lighting;EC:Switches & Panels;PL:Hose & Fittings|',
  'Sea-Dog|SDG|DH;AD:Dock Hardware|',
  'Schaefer|SCH|SH;DH:Cleats|',
  'Accon|ACN|DH|',
  'Rocna|RCN|AD:Anchors|Vulcan',
  'Mantus|MNT|AD:Anchors;AD:Anchor Rode|',
  'Taylor Made|TMD|AD:Dock Lines & Fenders;AD:Dock Hardware|Tuff End,Super Gard',
  'Dock Edge|DKE|AD:Dock Hardware;AD:Dock Lines & Fenders|',
  'Samson|SAM|AD:Anchor Rode;AD:Dock Lines & Fenders;SH:Running Rigging|XLS,Warpspeed',
  'Rule|RUL|PL:Bilge Pumps;PL:Washdown;FI:Livewells & Bait|Rule-Mate,LoPro',
  'Jabsco|JAB|PL;EN:Maintenance Parts|Par-Max,Lite Flush',
  'Whale|WHL|PL|Gusher,Universal',
  'Johnson Pump|JOH|PL;EN:Maintenance Parts|Aqua Jet,Ultima',
  'Shurflo|SHU|PL:Freshwater Systems;PL:Washdown;FI:Livewells & Bait|Aqua King,Blaster',
  'Groco|GRO|PL:Hose & Fittings;PL:Marine Toilets|',
  'Attwood|ATW|PL:Bilge Pumps;EC:Lighting;EN:Fuel Systems|Sahara,Tsunami',
  'Seachoice|SCC|TR;DH;PL:Hose & Fittings;AD:Dock Hardware|',
  'Mercury|MER|EN|FourStroke,Pro XS',
  'Yamaha|YAM|EN|F-Series,High Thrust',
  'Minn Kota|MKT|EN:Outboard Motors|Ultrex,Terrova,Riptide',
  'Sierra|SIE|EN:Maintenance Parts;EN:Fuel Systems;EN:Steering|',
  'Racor|RAC|EN:Fuel Systems|',
  'Mustang Survival|MUS|SA:Life Jackets & Flotation;SA:Man Overboard|HIT,Elite',
  'Stearns|STR|SA:Life Jackets & Flotation|',
  'ACR|ACR|SA:Signaling|ResQLink,GlobalFix',
  'Orion|ORN|SA:Signaling;SA:First Aid|',
  'Fireboy|FBY|SA:Fire Safety|',
  'Harken|HAR|SH|Carbo,Element,Radial',
  'Ronstan|RON|SH|Orbit,Series 30',
  'Spinlock|SPL|SH:Sail Control;SA:Life Jackets & Flotation;SA:Man Overboard|XAS,Deckvest',
  'Wichard|WCH|SH:Rigging;SH:Blocks;SA:Man Overboard;DH:Hinges & Latches|',
  'Interlux|INT|PM:Bottom Paint;PM:Topside & Varnish|Micron,Brightside,Perfection',
  'Pettit|PET|PM:Bottom Paint;PM:Topside & Varnish;PM:Epoxy & Sealants|Vivid,Ultima',
  'Star brite|STB|PM:Cleaners & Polish|',
  '3M|TMM|PM:Epoxy & Sealants;PM:Brushes & Abrasives;PM:Cleaners & Polish|',
  "Meguiar's|MEG|PM:Cleaners & Polish|",
  'West System|WST|PM:Epoxy & Sealants;PM:Brushes & Abrasives|',
  'Blue Sea Systems|BSS|EC:Switches & Panels;EC:Wire & Connectors|ST Blade,ML-Series',
  'Ancor|ANC|EC:Wire & Connectors|',
  'Victron|VIC|EC:Charging & Power;EC:Batteries|MultiPlus,Phoenix,SmartSolar',
  'Hella Marine|HEL|EC:Lighting|NaviLED,Sea Hawk',
  'ProMariner|PMR|EC:Charging & Power|ProNautic',
  'Battle Born|BBN|EC:Batteries|',
  'Tie Down Engineering|TDE|TR|',
  'Fulton|FUL|TR:Winches & Straps;TR:Jacks & Couplers|',
  'CE Smith|CES|TR|',
  'Shimano|SHI|FI:Rods & Reels|Stella,Saragosa,Talica',
  'Penn|PEN|FI:Rods & Reels;FI:Tackle|Battle,Spinfisher,International',
  'Rupp|RUP|FI:Rod Holders & Outriggers|',
  'Taco Marine|TAC|FI:Rod Holders & Outriggers;DH:Rail Fittings|',
  'Scotty|SCT|FI:Downriggers;FI:Rod Holders & Outriggers|',
  'Engel|ENG|FI:Livewells & Bait|',
];

/** Department index -> the group indexes covered in it. */
export type Coverage = Map<number, Set<number>>;

export interface Brand {
  name: string;
  skuPrefix: string;
  coverage: Coverage;
  series: string[];
  /** A stable number per brand, for its GS1 company prefix. */
  index: number;
}

function parseCoverage(text: string, line: string): Coverage {
  const coverage: Coverage = new Map();
  for (const entry of text.split(';')) {
    const [code, groupName] = entry.split(':');
    const d = DEPARTMENT_INDEX.get(DEPARTMENT_CODES[code]);
    if (d === undefined) throw new Error(`Unknown department code ${code} in '${line}'`);
    const groups = DEPARTMENTS[d].groups.map((g, i) => [g.name, i] as const);
    const chosen = groupName ? groups.filter(([name]) => name === groupName) : groups;
    if (chosen.length === 0) throw new Error(`Unknown group ${groupName} in '${line}'`);
    const set = coverage.get(d) ?? new Set<number>();
    for (const [, i] of chosen) set.add(i);
    coverage.set(d, set);
  }
  return coverage;
}

export const BRANDS: readonly Brand[] = BRAND_LINES.map((line, index) => {
  const [name, skuPrefix, coverage, series] = line.split('|');
  return { name, skuPrefix, coverage: parseCoverage(coverage, line), series: series ? series.split(',') : [], index };
});

export const BRAND_BY_NAME = new Map(BRANDS.map((b) => [b.name, b]));

/** The combined coverage of several brands, departments in first-seen order. */
export function mergeCoverage(brands: readonly Brand[]): Coverage {
  const merged: Coverage = new Map();
  for (const brand of brands) {
    for (const [d, groups] of brand.coverage) merged.set(d, new Set([...(merged.get(d) ?? []), ...groups]));
  }
  return merged;
}
