import type { DepartmentDef } from './taxonomy.js';

export const DEPARTMENTS_B: DepartmentDef[] = [
  {
    name: 'Engine & Propulsion',
    google: 'Vehicles & Parts > Vehicle Parts & Accessories > Watercraft Parts & Accessories > Watercraft Engine Parts',
    features: [
      'Meets or exceeds OEM specifications',
      'Corrosion-resistant finish for saltwater running',
      'Direct-fit replacement with no modification',
      'Tested for reliable starts and smooth power',
      'Backed by the manufacturer warranty',
    ],
    groups: [
      {
        name: 'Outboard Motors',
        google: 'Vehicles & Parts > Vehicle Parts & Accessories > Watercraft Parts & Accessories > Watercraft Engines & Motors',
        types: [
          'Outboard Motors|Outboard Motor|outboard|hp|1099-29999|12-300',
          'Trolling Motors|Trolling Motor|motorMount|thrust|399-3499|8-30',
        ],
      },
      {
        name: 'Propellers',
        types: ['Propellers|Propeller|prop|propSize|99-899|1.5-8'],
      },
      {
        name: 'Fuel Systems',
        google: 'Vehicles & Parts > Vehicle Parts & Accessories > Watercraft Parts & Accessories > Watercraft Fuel Systems',
        types: [
          'Fuel Filters|Fuel Filter|filter|micron|14-249|0.2-3',
          'Fuel Tanks|Fuel Tank|fuel|tankGal|49-699|2-30',
          'Fuel Lines|Fuel Line Kit|hose|hoseDia|19-89|0.3-1.5',
        ],
      },
      {
        name: 'Maintenance Parts',
        types: [
          'Impellers|Impeller|rubber|pack|19-119|0.05-0.4',
          'Spark Plugs|Spark Plug|plug|pack|5-59|0.05-0.5',
          'Lubricants & Oil|Gear Lube|oil|volumeSmall|9-129|0.5-20',
        ],
      },
      {
        name: 'Steering',
        google: 'Vehicles & Parts > Vehicle Parts & Accessories > Watercraft Parts & Accessories > Watercraft Steering Parts',
        types: [
          'Steering Systems|Steering System|steering|boatLength|299-2999|4-20',
          'Steering Cables|Steering Cable|steering|cableLength|69-299|1-4',
        ],
      },
    ],
  },
  {
    name: 'Safety',
    google: 'Sporting Goods > Outdoor Recreation > Boating & Water Sports',
    features: [
      'USCG approved where required',
      'High-visibility colours and SOLAS reflective tape',
      'Stows compactly and deploys fast',
      'Built to stay reliable after years aboard',
      'Simple to inspect and service',
    ],
    groups: [
      {
        name: 'Life Jackets & Flotation',
        google: 'Sporting Goods > Outdoor Recreation > Boating & Water Sports > Boating & Water Sport Apparel > Life Jackets',
        types: [
          'Life Jackets|Life Jacket|pfd|apparel|29-399|0.4-1.5',
          'Ring Buoys|Ring Buoy|colour|ring|49-199|1-3',
        ],
      },
      {
        name: 'Signaling',
        types: [
          'Flares & Signals|Signal Kit|signal|pack|29-249|0.3-2',
          'EPIRBs & PLBs|Beacon|beacon|beaconOptions|299-1099|0.2-1.5',
        ],
      },
      {
        name: 'Fire Safety',
        types: ['Fire Extinguishers|Fire Extinguisher|extinguisher|extinguisherSize|29-699|1-10'],
      },
      {
        name: 'First Aid',
        types: ['First Aid Kits|First Aid Kit|kit|crew|29-299|0.3-3'],
      },
      {
        name: 'Man Overboard',
        types: ['Jacklines & Tethers|Safety Tether|tether|tetherLength|49-199|0.3-1.2'],
      },
    ],
  },
  {
    name: 'Sailing Hardware',
    google: 'Sporting Goods > Outdoor Recreation > Boating & Water Sports > Sailing',
    features: [
      'High working load with low friction',
      'Composite and stainless construction that shrugs off UV',
      'Lightweight for performance sailing',
      'Easy to service with standard tools',
      'Trusted by racing and cruising crews',
    ],
    groups: [
      {
        name: 'Blocks',
        types: [
          'Blocks|Block|block|blockSize|19-399|0.05-1.2',
          'Ratchet Blocks|Ratchet Block|bearing|blockSize|49-449|0.1-1.4',
        ],
      },
      {
        name: 'Winches',
        types: [
          'Sheet Winches|Winch|winch|winchSize|299-4999|2-20',
          'Winch Handles|Winch Handle|handle|handleLength|49-249|0.3-0.9',
        ],
      },
      {
        name: 'Rigging',
        types: [
          'Shackles|Shackle|material|shackle|9-129|0.02-0.4',
          'Turnbuckles|Turnbuckle|material|shackle|29-249|0.1-1.5',
          'Traveler Cars|Traveler Car|bearing|blockSize|99-899|0.3-2.5',
        ],
      },
      {
        name: 'Sail Control',
        types: [
          'Rope Clutches|Rope Clutch|clutch|ropeDia|69-449|0.2-1.5',
          'Furlers|Furler|furler|boatLength|499-3999|4-18',
        ],
      },
      {
        name: 'Running Rigging',
        types: ['Sheets & Halyards|Halyard Line|rope|ropeDia|39-399|0.5-5'],
      },
    ],
  },
  {
    name: 'Paint & Maintenance',
    google: 'Vehicles & Parts > Vehicle Parts & Accessories > Watercraft Parts & Accessories > Watercraft Care',
    features: [
      'Long-lasting protection through a full season',
      'Easy application by brush, roller or spray',
      'Low VOC formula where regulations require it',
      'Compatible with gelcoat, fiberglass and wood',
      'Detailed application guide included',
    ],
    groups: [
      {
        name: 'Bottom Paint',
        types: ['Antifouling Paint|Bottom Paint|paint|volumePaint|59-499|1-22'],
      },
      {
        name: 'Topside & Varnish',
        types: [
          'Topside Enamel|Topside Paint|finish|volumePaint|39-329|1-22',
          'Varnish|Varnish|finish|volumePaint|29-289|1-22',
        ],
      },
      {
        name: 'Cleaners & Polish',
        types: [
          'Hull Cleaners|Hull Cleaner|cleaner|volumeSmall|9-79|0.5-20',
          'Polish & Wax|Polish|cleaner|volumeSmall|12-89|0.5-20',
          'Teak Care|Teak Cleaner|cleaner|volumeSmall|14-69|0.5-20',
        ],
      },
      {
        name: 'Epoxy & Sealants',
        types: [
          'Epoxy Resin Kits|Epoxy Kit|epoxy|epoxySize|39-329|0.5-6',
          'Sealants & Adhesives|Sealant|sealant|tube|9-39|0.1-0.5',
        ],
      },
      {
        name: 'Brushes & Abrasives',
        types: [
          'Brushes & Rollers|Brush|brush|pack|4-49|0.05-0.8',
          'Sanding Discs|Sanding Disc|grit|pack|6-59|0.05-1',
        ],
      },
    ],
  },
];
