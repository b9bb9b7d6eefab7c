/**
 * Twenty fictional marine distributors: 'Name|street|city|state|postal code|country|contact|payment
 * terms|brands carried'. Phone numbers use the reserved 555-01xx range in North America.
 */
export const VENDOR_LINES = [
  'Atlantic Marine Distributors|2150 SE 17th Street|Fort Lauderdale|FL|33316|United States|Carla Mendes|Net 30|Garmin,Lowrance,Raymarine,Simrad,Humminbird,Fusion',
  'Great Lakes Marine Supply|1400 W 9th Street|Cleveland|OH|44113|United States|Dan Kowalski|Net 30|Minn Kota,Humminbird,Attwood,Seachoice,Rule',
  'Pacific Rigging & Hardware|4001 Leary Way NW|Seattle|WA|98107|United States|Erin Nakamura|Net 45|Harken,Ronstan,Schaefer,Wichard,Samson,Spinlock',
  'Gulf Coast Marine Wholesale|850 Industrial Parkway|Mobile|AL|36602|United States|Marcus Boudreaux|2/10 Net 30|Rule,Jabsco,Whale,Johnson Pump,Shurflo,Groco',
  'Chesapeake Boat Parts Co.|312 Third Street|Annapolis|MD|21403|United States|Linda Price|Net 30|Lewmar,Perko,Sea-Dog,Accon,Seachoice',
  'New England Chandlery Supply|58 Commercial Street|Portland|ME|04101|United States|Tom Whitcomb|Net 60|Interlux,Pettit,West System,3M,Star brite,Meguiar\'s',
  'Bayside Power & Propulsion|7300 Causeway Blvd|Tampa|FL|33619|United States|Luis Ortega|Net 30|Mercury,Yamaha,Sierra,Racor,Minn Kota',
  'Coastal Electrical Supply|1990 Meeting Street Rd|Charleston|SC|29405|United States|Priya Raman|Net 30|Blue Sea Systems,Ancor,Victron,Hella Marine,ProMariner,Battle Born',
  'Northstar Safety Marine|120 Windmill Road|Dartmouth|NS|B3B 1C1|Canada|Colin MacLeod|Net 45|Mustang Survival,Stearns,ACR,Orion,Fireboy,Spinlock',
  'Trailer Pro Distribution|4620 Middlebrook Pike|Knoxville|TN|37921|United States|Becky Hollis|Net 15|Tie Down Engineering,Fulton,CE Smith,Seachoice',
  'Offshore Angler Supply|5001 Wrightsville Ave|Wilmington|NC|28403|United States|Jake Fulcher|Net 30|Shimano,Penn,Rupp,Taco Marine,Scotty,Engel',
  'Solent Marine Trading|Unit 4, Ocean Quay|Southampton|Hampshire|SO14 3JF|United Kingdom|Oliver Hart|Net 30|Lewmar,Spinlock,Raymarine,Whale,Jabsco',
  'Riviera Yacht Supplies|14 Avenue de la Libération|Antibes|Provence-Alpes-Côte d\'Azur|06600|France|Claire Dubois|Net 60|Wichard,Lewmar,Furuno,Victron,Harken',
  'Lone Star Marine Outfitters|2800 Harborside Drive|Galveston|TX|77550|United States|Ray Castillo|Net 30|Garmin,Minn Kota,Mercury,Attwood,Rule',
  'Puget Anchor & Dock|770 Pacific Avenue|Bremerton|WA|98337|United States|Hannah Lindqvist|Net 30|Rocna,Mantus,Taylor Made,Dock Edge,Samson,Lewmar',
  'Pacific Rim Marine Electronics|2390 Shelter Island Drive|San Diego|CA|92106|United States|Kevin Tran|Net 30|Furuno,Icom,Standard Horizon,Garmin,Simrad',
  'Keys Marine Supply|11100 Overseas Highway|Marathon|FL|33050|United States|Maria Delgado|Due on receipt|Taco Marine,Rupp,Rule,Perko,Seachoice',
  'Heartland Boat Supply|3120 S Kingshighway Blvd|St. Louis|MO|63139|United States|Gary Voss|Net 30|Attwood,Seachoice,CE Smith,Minn Kota',
  'Down East Rope & Rigging|21 Bayview Street|Camden|ME|04843|United States|Abby Thornton|Net 30|Samson,Schaefer,Harken,Ronstan',
  'Blue Water Fleet Services|1 Goat Island Causeway|Newport|RI|02840|United States|Peter Galloway|Net 45|Victron,Blue Sea Systems,Lewmar,Harken,ACR,Icom',
] as const;

export const AREA_CODES: Record<string, string> = {
  FL: '954',
  OH: '216',
  WA: '206',
  AL: '251',
  MD: '410',
  ME: '207',
  SC: '843',
  TN: '865',
  NC: '910',
  TX: '409',
  CA: '619',
  MO: '314',
  RI: '401',
  NS: '902',
};

/** Vendor index -> status; every other vendor is active. */
export const VENDOR_STATUS_OVERRIDES: Record<number, 'inactive' | 'pending'> = { 17: 'inactive', 18: 'pending' };

export const VENDOR_NOTES = [
  'Minimum order $250; free freight over $1,500.',
  'Drop-ships to customers on request.',
  'Order cut-off 2 pm Eastern for same-day shipping.',
  'Seasonal pre-book discount in the fall.',
  'Returns need an RMA number within 30 days.',
  'Hazmat items ship ground only.',
];
