import type { DepartmentDef } from './taxonomy.js';

export const DEPARTMENTS_C: DepartmentDef[] = [
  {
    name: 'Electrical',
    google: 'Vehicles & Parts > Vehicle Parts & Accessories > Watercraft Parts & Accessories',
    features: [
      'Tinned copper and sealed housings against corrosion',
      'Meets ABYC and UL marine standards',
      'Clear labelling for a tidy, safe installation',
      'Ignition protected for engine spaces',
      'Designed for 12V and 24V DC systems',
    ],
    groups: [
      {
        name: 'Batteries',
        types: ['Marine Batteries|Marine Battery|battery|batteryAh|119-2499|12-65'],
      },
      {
        name: 'Charging & Power',
        types: [
          'Battery Chargers|Battery Charger|banks|amps|99-899|1.5-8',
          'Inverters|Inverter|inverter|watts|199-2499|2-25',
          'Solar Panels|Solar Panel|solar|solarWatts|149-899|2-22',
        ],
      },
      {
        name: 'Switches & Panels',
        types: [
          'Battery Switches|Battery Switch|batterySwitch|amps|29-249|0.2-1',
          'Circuit Breakers|Circuit Breaker|breaker|amps|19-149|0.05-0.5',
          'Switch Panels|Switch Panel|mount|circuits|69-449|0.4-2.5',
        ],
      },
      {
        name: 'Wire & Connectors',
        types: [
          'Marine Wire|Tinned Wire|wire|awg|19-399|1-15',
          'Terminals & Connectors|Terminal Kit|terminal|awg|9-89|0.1-1',
        ],
      },
      {
        name: 'Lighting',
        google: 'Vehicles & Parts > Vehicle Parts & Accessories > Watercraft Parts & Accessories > Watercraft Lighting',
        types: [
          'Navigation Lights|Navigation Light|light|navLight|29-349|0.2-1.5',
          'Underwater Lights|Underwater Light|lightColour|lumens|99-899|0.4-2.5',
          'Spotlights|Spotlight|light|lumens|59-1499|0.5-8',
        ],
      },
    ],
  },
  {
    name: 'Trailering',
    google: 'Vehicles & Parts > Vehicle Parts & Accessories > Vehicle Parts & Accessories > Towing',
    features: [
      'Built for repeated launching in fresh and salt water',
      'Rated load capacity stamped on every part',
      'Bolt-on installation on standard trailer frames',
      'Corrosion protection where it matters most',
      'DOT compliant where applicable',
    ],
    groups: [
      {
        name: 'Trailer Lights',
        types: ['Trailer Light Kits|Trailer Light Kit|trailerLight|trailerWidth|39-249|1-5'],
      },
      {
        name: 'Winches & Straps',
        types: [
          'Trailer Winches|Trailer Winch|trailerWinch|trailerLoad|49-799|3-20',
          'Tie-Down Straps|Tie-Down Strap|strap|strapLength|14-79|0.3-2',
        ],
      },
      {
        name: 'Rollers & Bunks',
        types: [
          'Keel Rollers|Keel Roller|roller|inchSmall|9-79|0.3-2',
          'Bunk Boards|Bunk Board Kit|colour|inchLarge|39-199|3-15',
        ],
      },
      {
        name: 'Jacks & Couplers',
        types: [
          'Trailer Jacks|Trailer Jack|trailer|trailerLoad|39-299|3-15',
          'Couplers|Coupler|trailer|ball|29-149|1.5-6',
        ],
      },
      {
        name: 'Bearings & Hubs',
        types: ['Wheel Bearing Kits|Bearing Kit|bearingKit|axle|19-149|0.5-3'],
      },
    ],
  },
  {
    name: 'Fishing',
    google: 'Sporting Goods > Outdoor Recreation > Fishing',
    features: [
      'Saltwater-ready components that resist corrosion',
      'Balanced feel for long days on the water',
      'Proven on inshore and offshore species',
      'Smooth drag and dependable hook sets',
      'Tournament-grade construction at a fair price',
    ],
    groups: [
      {
        name: 'Rods & Reels',
        types: [
          'Fishing Rods|Rod|rod|rodLength|49-499|0.2-0.8',
          'Fishing Reels|Reel|rod|reelSize|59-899|0.2-1.2',
        ],
      },
      {
        name: 'Tackle',
        google: 'Sporting Goods > Outdoor Recreation > Fishing > Fishing Tackle',
        types: [
          'Lures|Lure|lure|lureLength|6-49|0.02-0.2',
          'Hooks|Hook Pack|hook|hookSize|4-29|0.02-0.2',
          'Fishing Line|Fishing Line|line|lineTest|9-69|0.1-0.6',
        ],
      },
      {
        name: 'Rod Holders & Outriggers',
        types: [
          'Rod Holders|Rod Holder|material|rodHolderAngle|19-149|0.2-1',
          'Outriggers|Outrigger Pole|outrigger|poleLength|299-1999|3-12',
        ],
      },
      {
        name: 'Livewells & Bait',
        types: [
          'Livewell Pumps|Livewell Pump|pump|gph|29-149|0.3-1',
          'Bait Coolers|Bait Cooler|colour|coolerQt|39-449|3-15',
        ],
      },
      {
        name: 'Downriggers',
        types: ['Downriggers|Downrigger|downrigger|boomLength|199-1299|4-12'],
      },
    ],
  },
];
