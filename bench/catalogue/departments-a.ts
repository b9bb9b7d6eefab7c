import type { DepartmentDef } from './taxonomy.js';

/**
 * Levels 1-3 of the taxonomy. A type line is
 * 'Category name|singular product noun|variant set|size set|price range USD|weight range kg'.
 */
export const DEPARTMENTS_A: DepartmentDef[] = [
  {
    name: 'Marine Electronics',
    google: 'Electronics > Marine Electronics',
    features: [
      'Bright, sunlight-readable display with a wide viewing angle',
      'Waterproof to IPX7 and sealed against salt spray',
      'NMEA 2000 and NMEA 0183 networking',
      'Free software updates over Wi-Fi from the companion app',
      'Low power draw for long days away from shore power',
    ],
    groups: [
      {
        name: 'Navigation',
        types: [
          'GPS Chartplotters|Chartplotter|display|screen|249-4299|0.8-6',
          'Chartplotter Fishfinder Combos|Combo Unit|sonar|screen|199-3499|0.8-5',
          'Radar|Radar|radar|radarRange|1499-7999|5-25',
          'Autopilots|Autopilot|autopilot|boatLength|699-4999|2-12',
        ],
      },
      {
        name: 'Fishfinders',
        types: [
          'Fishfinders|Fishfinder|sonar|screen|99-2499|0.5-4',
          'Transducers|Transducer|mount|transducerPower|79-1999|0.3-4',
        ],
      },
      {
        name: 'Communication',
        types: [
          'VHF Radios|VHF Radio|radio|radioPower|149-899|0.3-2',
          'AIS Transponders|AIS Transponder|ais|network|299-2499|0.5-2.5',
          'Antennas|Antenna|antenna|antennaLength|39-499|0.5-4',
        ],
      },
      {
        name: 'Instruments',
        types: [
          'Multifunction Instruments|Instrument Display|display|screen|199-1499|0.4-2',
          'Sensors|Sensor|sensor|network|99-1299|0.2-2',
        ],
      },
      {
        name: 'Marine Audio',
        types: [
          'Stereo Receivers|Stereo Receiver|stereo|zones|149-999|0.6-2',
          'Marine Speakers|Speaker Pair|colour|speaker|79-599|1-6',
        ],
      },
    ],
  },
  {
    name: 'Deck Hardware',
    google: 'Vehicles & Parts > Vehicle Parts & Accessories > Watercraft Parts & Accessories',
    features: [
      'Through-bolt mounting for maximum holding strength',
      'Mirror-polished finish that resists pitting and staining',
      'Smooth radiused edges that will not chafe lines',
      'Backing plate hardware included',
      'Machined from marine-grade alloys for saltwater use',
    ],
    groups: [
      {
        name: 'Cleats',
        types: [
          'Bow & Stern Cleats|Cleat|material|inchSmall|12-189|0.2-2.5',
          'Pop-Up Cleats|Pop-Up Cleat|material|inchSmall|39-249|0.3-1.5',
          'Cam Cleats|Cam Cleat|material|blockSize|14-119|0.05-0.5',
        ],
      },
      {
        name: 'Hinges & Latches',
        types: [
          'Hinges|Hinge|material|pack|6-79|0.05-0.6',
          'Hatch Latches|Latch|material|pack|9-89|0.1-0.5',
        ],
      },
      {
        name: 'Hatches & Ports',
        types: [
          'Deck Hatches|Deck Hatch|hatch|hatchSize|149-1299|2-14',
          'Inspection Ports|Inspection Port|colour|inchSmall|12-79|0.1-0.8',
        ],
      },
      {
        name: 'Rail Fittings',
        types: [
          'Rail Fittings|Rail Fitting|material|tubeDia|9-89|0.1-0.8',
          'Stanchion Bases|Stanchion Base|material|tubeDia|29-149|0.3-1.5',
          'Grab Handles|Grab Handle|material|handleSize|19-189|0.2-2',
        ],
      },
    ],
  },
  {
    name: 'Anchoring & Docking',
    google: 'Vehicles & Parts > Vehicle Parts & Accessories > Watercraft Parts & Accessories > Docking & Anchoring',
    features: [
      'Sized by boat length and conditions for a confident set',
      'Hot-dip galvanized or stainless for long life in salt water',
      'Tested to published breaking strength',
      'Easy to handle from the bow roller',
      'Backed by a limited lifetime warranty',
    ],
    groups: [
      {
        name: 'Anchors',
        types: [
          'Plow Anchors|Plow Anchor|anchor|anchorWeight|79-1499|2-40',
          'Fluke Anchors|Fluke Anchor|anchor|anchorWeight|39-499|2-25',
          'Mushroom Anchors|Mushroom Anchor|finish|anchorWeight|29-199|2-30',
        ],
      },
      {
        name: 'Anchor Rode',
        types: [
          'Anchor Rope|Anchor Line|rope|ropeDia|29-249|1-8',
          'Anchor Chain|Anchor Chain|chain|chainDia|89-1299|5-45',
        ],
      },
      {
        name: 'Windlasses',
        types: [
          'Vertical Windlasses|Vertical Windlass|power|boatLength|899-3999|9-30',
          'Horizontal Windlasses|Horizontal Windlass|power|boatLength|799-3499|9-28',
        ],
      },
      {
        name: 'Dock Lines & Fenders',
        types: [
          'Dock Lines|Dock Line|rope|ropeDia|14-129|0.4-4',
          'Fenders|Fender|fender|fenderSize|19-189|0.5-5',
        ],
      },
      {
        name: 'Dock Hardware',
        types: [
          'Dock Cleats|Dock Cleat|material|inchSmall|15-129|0.4-3',
          'Dock Bumpers|Dock Bumper|colour|inchLarge|19-149|0.5-4',
        ],
      },
    ],
  },
  {
    name: 'Plumbing',
    google: 'Vehicles & Parts > Vehicle Parts & Accessories > Watercraft Parts & Accessories',
    features: [
      'Ignition protected for engine-room installation',
      'Corrosion-free body and stainless hardware',
      'Quiet running with low vibration',
      'Fits standard hose sizes without adapters',
      'Serviceable design with spare parts kits available',
    ],
    groups: [
      {
        name: 'Bilge Pumps',
        types: [
          'Submersible Bilge Pumps|Bilge Pump|pump|gph|19-349|0.3-2.5',
          'Bilge Switches|Bilge Switch|pump|amps|19-129|0.1-0.5',
        ],
      },
      {
        name: 'Freshwater Systems',
        types: [
          'Freshwater Pumps|Water Pressure Pump|freshwater|gpm|99-599|1.5-5',
          'Water Heaters|Water Heater|power|tankGal|399-1299|10-30',
        ],
      },
      {
        name: 'Marine Toilets',
        types: [
          'Marine Toilets|Marine Toilet|toilet|bowl|149-1499|6-20',
          'Holding Tanks|Holding Tank|tank|tankGal|129-899|4-25',
        ],
      },
      {
        name: 'Hose & Fittings',
        types: [
          'Marine Hose|Marine Hose|hose|hoseDia|19-299|1-10',
          'Seacocks & Valves|Seacock|valve|hoseDia|29-349|0.3-3',
          'Thru-Hulls|Thru-Hull|valve|hoseDia|15-149|0.1-1.2',
        ],
      },
      {
        name: 'Washdown',
        types: ['Washdown Pumps|Washdown Pump|power|gpm|149-549|2-6'],
      },
    ],
  },
];
